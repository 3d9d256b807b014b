// Writes src/schema.ts from the OpenAPI document (see render-schema.ts); `--print` writes it to
// stdout instead, for the staleness test.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderSchemaSource } from './render-schema';

const TARGET = path.join(__dirname, '..', 'src', 'schema.ts');

renderSchemaSource()
  .then((source) => {
    if (process.argv.includes('--print')) {
      process.stdout.write(source);
      return;
    }
    writeFileSync(TARGET, source);
    process.stdout.write(`wrote ${path.relative(process.cwd(), TARGET)} (${source.length} characters)\n`);
  })
  .catch((error: unknown) => {
    process.stderr.write(`could not generate the schema types: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
