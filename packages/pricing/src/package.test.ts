import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');

describe('@shop/pricing as a published library', () => {
  it('pins its exports map: workspace source first, then types, then the CommonJS build', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.exports).toEqual({
      '.': { '@shop/source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
      './package.json': './package.json',
    });
    const conditions = Object.keys((pkg.exports as Record<string, Record<string, string>>)['.'] ?? {});
    expect(conditions).toEqual(['@shop/source', 'types', 'default']);
    expect(pkg.main).toBe('./dist/index.js');
    expect(pkg.types).toBe('./dist/index.d.ts');
    expect(pkg.type).toBeUndefined();
  });

  it('exports by name from its entry point, never export *', () => {
    const index = readFileSync(join(root, 'src/index.ts'), 'utf8');
    expect(index).not.toMatch(/export \*/);
    expect(index).toMatch(/export \{ priceQuote/);
  });

  it('pulls in nothing from express, Prisma, ioredis or the MCP SDK when loaded', () => {
    // A fresh Node process loads the entry point from source and lists every module it required.
    const script = [
      "const api = require('@shop/pricing');",
      "if (typeof api.priceQuote !== 'function') throw new Error('priceQuote missing');",
      'process.stdout.write(JSON.stringify(Object.keys(require.cache)));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--conditions=@shop/source', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const loaded = JSON.parse(out) as string[];
    expect(loaded.some((file) => file.includes(join('geometry', 'src')))).toBe(true);
    expect(loaded.some((file) => file.includes(join('contracts', 'src')))).toBe(true);
    const forbidden = loaded.filter((file) => /[\\/]node_modules[\\/](express|@prisma|prisma|ioredis|@modelcontextprotocol|redis|pg|better-sqlite3)[\\/]/.test(file));
    expect(forbidden).toEqual([]);
    // Nothing but zod (through the contracts) and clipper-lib (through geometry) from outside the
    // workspace, besides tsx and esbuild, which load the TypeScript source in this test.
    const external = new Set(
      loaded.map((file) => /[\\/]node_modules[\\/]\.pnpm[\\/]([^\\/]+)/.exec(file)?.[1]).filter((name): name is string => name !== undefined),
    );
    for (const name of external) expect(name).toMatch(/^(zod@|clipper-lib@|flatbush@|flatqueue@|tsx@|esbuild@)/);
  }, 30_000);
});
