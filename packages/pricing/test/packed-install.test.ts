// The release as others get it: @shop/pricing and the three workspace packages it depends on are
// built and packed with `pnpm pack` (which turns `workspace:*` into versions), installed from those
// tarballs into a project outside the workspace (zod, clipper-lib and flatbush come from the npm
// registry), type-checked there and run there with plain node.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCatalog } from '@shop/catalog';
import { QuoteRequest } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';
import { itUnless } from '../../../scripts/test/skip-unless';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const RELEASE = ['contracts', 'catalog', 'geometry', 'pricing'] as const;

// Budgets with room to grow: a jump past them means something was packed that should not be (sources,
// maps, tests) or a dependency was bundled in. The pricing budget is on its built code (uncompressed),
// not its README, which carries the dated peer tables; the release's on the gzipped tarballs (157 KB
// with price book v3's sourced tables and bought items, and the drawing of an import's defects).
const PRICING_CODE_BUDGET_BYTES = 96 * 1024;
const RELEASE_BUDGET_BYTES = 192 * 1024;

const PLATE_REQUEST = {
  items: [
    {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
      bends: [{ start_in: [3, 0], end_in: [3, 4] }],
      quantity: 10,
      quantity_options: [1, 100],
      label: 'Base plate A',
    },
  ],
};
const PRICE_OPTIONS = { now: '2026-03-02T14:05:09.123Z', quoteId: 'q_packed', previewBase: 'https://quote.example.ca/api/v1/quotes' };

// Checked once, before the suite is declared, so an unreachable registry turns into a visible skip.
function isRegistryReachable(): boolean {
  const ping = spawnSync('npm', ['ping'], { encoding: 'utf8', timeout: 20_000 });
  return ping.status === 0;
}
const registryReachable = isRegistryReachable();
const itWithRegistry = itUnless(registryReachable, 'the npm registry is unreachable (npm ping failed), so the packed tarballs cannot be installed');

// A failed command's output is the useful part of the failure.
function runOrExplain(command: string, args: string[], options: { cwd: string; timeout?: number; env?: NodeJS.ProcessEnv }): string {
  try {
    return execFileSync(command, args, { ...options, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

let workDir: string;
let tarballs: Record<(typeof RELEASE)[number], string>;

beforeAll(() => {
  // The same build `pnpm build` runs (turbo: the package and its workspace dependencies).
  runOrExplain(path.join(REPO_ROOT, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--filter=@shop/pricing', '--output-logs=errors-only'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  workDir = mkdtempSync(path.join(tmpdir(), 'shop-pricing-release-'));
  const packDir = path.join(workDir, 'tarballs');
  mkdirSync(packDir);
  for (const name of RELEASE) {
    runOrExplain('pnpm', ['pack', '--pack-destination', packDir], { cwd: path.join(REPO_ROOT, 'packages', name) });
  }
  const packed = readdirSync(packDir);
  tarballs = Object.fromEntries(
    RELEASE.map((name) => {
      const file = packed.find((entry) => entry.startsWith(`shop-${name}-`) && entry.endsWith('.tgz'));
      if (!file) throw new Error(`pnpm pack wrote no tarball for @shop/${name} (found: ${packed.join(', ')})`);
      return [name, path.join(packDir, file)];
    }),
  ) as typeof tarballs;
}, 120_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the packed @shop/pricing release', () => {
  it('ships only built files within its size budget', () => {
    const sizes = Object.fromEntries(RELEASE.map((name) => [name, statSync(tarballs[name]).size]));
    // `tar tvzf`: mode, owner, size, date, time, path.
    const entries = execFileSync('tar', ['tvzf', tarballs.pricing], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .map((fields) => ({ path: fields[fields.length - 1]!, bytes: Number(fields[2]) }));
    const listing = entries.map((entry) => entry.path);
    expect(listing).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/CHANGELOG.md', 'package/dist/index.js', 'package/dist/index.d.ts']));
    expect(listing.filter((file) => !/^package\/(package\.json|README\.md|CHANGELOG\.md|dist\/[a-z-]+\.(js|d\.ts))$/.test(file))).toEqual([]);
    const codeBytes = entries.filter((entry) => entry.path.startsWith('package/dist/')).reduce((sum, entry) => sum + entry.bytes, 0);
    expect(codeBytes).toBeGreaterThan(0);
    expect(codeBytes).toBeLessThan(PRICING_CODE_BUDGET_BYTES);
    expect(Object.values(sizes).reduce((sum, size) => sum + size, 0)).toBeLessThan(RELEASE_BUDGET_BYTES);
  });

  itWithRegistry(
    'installs from its tarballs in a project outside the workspace, type-checks and prices a plate as the source does',
    () => {
      const project = path.join(workDir, 'consumer');
      mkdirSync(project);
      const dependencies = Object.fromEntries(RELEASE.map((name) => [`@shop/${name}`, `file:${tarballs[name]}`]));
      writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, dependencies }, null, 2));
      runOrExplain('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: project, timeout: 90_000 });

      // A pricing call installs zod, clipper, the spatial index and our code: nothing of the OpenAPI
      // tooling the REST app uses.
      const installed = readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.')).sort();
      expect(installed).toEqual(['@shop', 'clipper-lib', 'flatbush', 'flatqueue', 'zod']);
      expect(readdirSync(path.join(project, 'node_modules', '@shop')).sort()).toEqual([...RELEASE].sort());

      // Types: the .d.ts files resolve on their own, with the library checks on (zod's declarations
      // name URL, which a consumer has from the DOM library or @types/node).
      writeFileSync(
        path.join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], noEmit: true, skipLibCheck: false },
          files: ['check-types.ts'],
        }),
      );
      writeFileSync(
        path.join(project, 'check-types.ts'),
        [
          "import { createCatalog } from '@shop/catalog';",
          "import { QuoteRequest } from '@shop/contracts';",
          "import { priceQuote } from '@shop/pricing';",
          "import type { PriceQuoteOptions } from '@shop/pricing';",
          "const options: PriceQuoteOptions = { catalog: createCatalog({ shopUrl: 'https://shop.example.ca' }), now: new Date(), quoteId: 'q_types', previewUrl: (id, index) => `${id}/${index}` };",
          `const quote = priceQuote(QuoteRequest.parse(${JSON.stringify(PLATE_REQUEST)}), options);`,
          'export const total: number | null = quote.amount_total_cents;',
          "export const first: 'ready' | 'blocked' | undefined = quote.items[0]?.status;",
          '',
        ].join('\n'),
      );
      runOrExplain(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project });

      // Runtime: plain node, CommonJS, nothing loaded from the workspace.
      writeFileSync(
        path.join(project, 'price-plate.js'),
        [
          "const { createCatalog } = require('@shop/catalog');",
          "const { QuoteRequest } = require('@shop/contracts');",
          "const { priceQuote } = require('@shop/pricing');",
          `const { now, quoteId, previewBase } = ${JSON.stringify(PRICE_OPTIONS)};`,
          `const quote = priceQuote(QuoteRequest.parse(${JSON.stringify(PLATE_REQUEST)}), {`,
          "  catalog: createCatalog({ shopUrl: 'https://shop.example.ca' }),",
          '  now: new Date(now),',
          '  quoteId,',
          '  previewUrl: (id, index) => `${previewBase}/${id}/items/${index}/preview.svg`,',
          '});',
          'process.stdout.write(JSON.stringify({ quote, modules: Object.keys(require.cache) }));',
          '',
        ].join('\n'),
      );
      const run = JSON.parse(runOrExplain(process.execPath, ['price-plate.js'], { cwd: project, env: { PATH: process.env.PATH ?? '' } })) as {
        quote: { amount_subtotal_cents: number; items: Array<{ amount_cents: number; unit_amount_cents: number }> };
        modules: string[];
      };

      expect(run.modules.filter((file) => !file.startsWith(project))).toEqual([]);
      expect(run.modules.some((file) => file.includes(path.join('node_modules', '@shop', 'pricing', 'dist')))).toBe(true);
      // The figure the README states for this plate: 10 pieces at CAD 18.95.
      expect(run.quote.items[0]).toMatchObject({ unit_amount_cents: 1_895, amount_cents: 18_948 });
      const fromSource = priceQuote(QuoteRequest.parse(PLATE_REQUEST), {
        catalog: createCatalog({ shopUrl: 'https://shop.example.ca' }),
        now: new Date(PRICE_OPTIONS.now),
        quoteId: PRICE_OPTIONS.quoteId,
        previewUrl: (id, index) => `${PRICE_OPTIONS.previewBase}/${id}/items/${index}/preview.svg`,
      });
      expect(JSON.stringify(run.quote)).toBe(JSON.stringify(fromSource));
    },
    120_000,
  );
});
