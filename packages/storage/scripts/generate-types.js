// `pnpm db:types`: writes src/db-types.ts, the Kysely table types, from prisma/models.prisma with
// the prisma-kysely generator of prisma/sqlite/schema.prisma. The CLI reads one schema folder per
// run, so the provider's schema file and the shared models file are put side by side in a
// temporary folder.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const prismaDir = path.resolve(__dirname, '../../../prisma');

function generateTypes() {
  const providerDir = path.join(prismaDir, 'sqlite');
  const schema = fs.readFileSync(path.join(providerDir, 'schema.prisma'), 'utf8');
  // `output` is relative to the authored file; make it absolute for the copy.
  const absolute = schema.replace(/(output\s*=\s*)"([^"]+)"/, (_, key, relative) => `${key}${JSON.stringify(path.resolve(providerDir, relative))}`);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prisma-'));
  try {
    fs.writeFileSync(path.join(tempDir, 'schema.prisma'), absolute);
    fs.copyFileSync(path.join(prismaDir, 'models.prisma'), path.join(tempDir, 'models.prisma'));
    execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate', '--schema', tempDir], {
      // The CLI insists on a schema-engine binary before `generate` (which never runs it) and
      // cannot download one here; any existing file satisfies the check.
      // The generator is the package's own bin (node_modules/.bin/prisma-kysely).
      env: { ...process.env, PATH: `${path.resolve(__dirname, '../node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
      cwd: tempDir,
      stdio: 'inherit',
    });
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

generateTypes();
