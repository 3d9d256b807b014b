// What schema-engine.ts relies on in @prisma/schema-engine-wasm and @prisma/driver-adapter-utils,
// checked against the installed packages. When Prisma changes any of it, these fail first, with a
// message that says what to re-check, instead of a start-up that fails on a user's machine.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as adapterUtils from '@prisma/driver-adapter-utils';

const VERIFIED_ENGINE = '8.1.0-2.59be4fda12412a79eeb9c2ae727b6aa723593323';
const RECHECK = 'packages/storage/src/schema-engine.ts and scripts/generate-clients.js (the wasm loader and the CommonJS glue) against the new @prisma/schema-engine-wasm';

// The global WebAssembly API, typed here because this package compiles without the DOM library.
interface ModuleEntry {
  module?: string;
  name: string;
  kind: string;
}
const WebAssembly = (globalThis as unknown as {
  WebAssembly: { Module: { new (bytes: Uint8Array): object; imports(module: object): ModuleEntry[]; exports(module: object): ModuleEntry[] } };
}).WebAssembly;

const glueSource = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
const packageDir = path.dirname(glueSource);
const wasm = new WebAssembly.Module(readFileSync(path.join(packageDir, 'schema_engine_bg.wasm')));

function explain<T>(what: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw new Error(`${what}: ${(error as Error).message}\nRe-check ${RECHECK}.`);
  }
}

describe('the upstream shapes the in-process schema engine relies on', () => {
  it('is the engine release the workaround was verified with', () => {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    explain(`@prisma/schema-engine-wasm is ${version}, verified with ${VERIFIED_ENGINE}`, () => expect(version).toBe(VERIFIED_ENGINE));
  });

  it('ships the wasm beside a JavaScript glue whose one import module is that glue', () => {
    const importModules = [...new Set(WebAssembly.Module.imports(wasm).map((entry) => entry.module))];
    explain('the wasm imports from other modules than ./schema_engine_bg.js', () => expect(importModules).toEqual(['./schema_engine_bg.js']));
    const exported = WebAssembly.Module.exports(wasm).map((entry) => entry.name);
    explain('the wasm no longer exports __wbindgen_start (called after instantiating)', () => expect(exported).toContain('__wbindgen_start'));
  });

  it('has the glue entry points the loader calls: __wbg_set_wasm, SchemaEngine.new, applyMigrations, diff, free', () => {
    // The CommonJS build of the glue made at install (scripts/generate-clients.js).
    const glue = require(path.resolve(__dirname, 'generated/schema-engine/schema-engine-glue.js')) as Record<string, unknown>;
    explain('the glue lost __wbg_set_wasm', () => expect(typeof glue.__wbg_set_wasm).toBe('function'));
    const engine = glue.SchemaEngine as { new?: unknown; prototype: Record<string, unknown> } | undefined;
    explain('the glue lost SchemaEngine.new', () => expect(typeof engine?.new).toBe('function'));
    for (const method of ['applyMigrations', 'diff', 'free']) {
      explain(`SchemaEngine lost ${method}`, () => expect(typeof engine?.prototype[method]).toBe('function'));
    }
    // Every function the wasm imports is one the glue exports.
    const missing = WebAssembly.Module.imports(wasm)
      .filter((entry) => entry.kind === 'function')
      .map((entry) => entry.name)
      .filter((name) => typeof glue[name] !== 'function');
    explain('the wasm imports functions the generated glue does not export (run pnpm --filter @shop/storage generate)', () => expect(missing).toEqual([]));
  });

  it('binds a driver adapter for migrations with bindMigrationAwareSqlAdapterFactory', () => {
    explain('@prisma/driver-adapter-utils lost bindMigrationAwareSqlAdapterFactory', () =>
      expect(typeof adapterUtils.bindMigrationAwareSqlAdapterFactory).toBe('function'),
    );
  });
});
