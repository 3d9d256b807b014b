// Generates, into src/generated/ (not committed), on install:
// - the two Prisma clients (SQLite, PostgreSQL). The CLI reads one schema folder per run, so each
//   provider's schema file and the shared models file are put side by side in a temporary folder.
// - a CommonJS build of @prisma/schema-engine-wasm's JavaScript glue. The package is ESM only; Node
//   20 can require() it, but jest (before Node 24.9) cannot, and importing it from outside jest's
//   module system leaves it in another realm where the engine fails ("WASM_ERROR: Unknown error").
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const prismaDir = path.resolve(__dirname, '../../../prisma');
const providers = ['sqlite', 'postgresql'];

function assembleSchema(provider, tempDir) {
  const providerDir = path.join(prismaDir, provider);
  const schema = fs.readFileSync(path.join(providerDir, 'schema.prisma'), 'utf8');
  // `output` is relative to the authored file; make it absolute for the copy.
  const absolute = schema.replace(/(output\s*=\s*)"([^"]+)"/, (_, key, relative) =>
    `${key}${JSON.stringify(path.resolve(providerDir, relative))}`,
  );
  const target = path.join(tempDir, provider);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(path.join(target, 'schema.prisma'), absolute);
  fs.copyFileSync(path.join(prismaDir, 'models.prisma'), path.join(target, 'models.prisma'));
  return target;
}

function generateClients() {
  const cli = require.resolve('prisma/build/index.js');
  // The CLI insists on a schema-engine binary before `generate` (which never runs it) and cannot
  // download one here; any existing file satisfies the check.
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  };
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prisma-'));
  try {
    for (const provider of providers) {
      const schemaDir = assembleSchema(provider, tempDir);
      execFileSync(process.execPath, [cli, 'generate', '--schema', schemaDir], {
        env,
        cwd: tempDir,
        stdio: 'inherit',
      });
    }
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

function generateSchemaEngineGlue() {
  const { transformSync } = require(require.resolve('@swc/core', { paths: [__dirname, path.resolve(__dirname, '../../..')] }));
  const source = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const { code } = transformSync(fs.readFileSync(source, 'utf8'), {
    filename: source,
    jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
    module: { type: 'commonjs' },
  });
  const target = path.resolve(__dirname, '../src/generated/schema-engine');
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(
    path.join(target, 'schema-engine-glue.js'),
    `// Generated from ${path.basename(source)} of @prisma/schema-engine-wasm by scripts/generate-clients.js.\n${code}`,
  );
}

generateClients();
generateSchemaEngineGlue();
