import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `pnpm lint:layers` (part of `pnpm lint`) run on a copy of the workspace: clean, then with one
// wrong-way import planted, then with one dependency listed that no source imports.
const root = path.resolve(__dirname, '../..');
const copied = ['package.json', 'pnpm-workspace.yaml', 'tsconfig.base.json', 'knip.json', '.dependency-cruiser.cjs', 'jest.config.js', 'jest.preset.js', 'eslint.config.js', 'packages', 'apps', 'bench', 'reliability', 'scripts'];
const skipped = /\/(dist|coverage|\.turbo)(\/|$)/;

let copy: string;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'shop-lint-'));
  for (const entry of copied) {
    // Packages' own node_modules are pnpm's relative symlinks: they resolve inside the copy.
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, verbatimSymlinks: true, filter: (from) => !skipped.test(from) });
  }
  // The root node_modules: every installed package linked, the workspace's own (@shop/*) copied as
  // the relative links they are, so they lead into the copy.
  mkdirSync(path.join(copy, 'node_modules'));
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    const from = path.join(root, 'node_modules', entry);
    if (entry === '@shop') cpSync(from, path.join(copy, 'node_modules', entry), { recursive: true, verbatimSymlinks: true });
    else symlinkSync(from, path.join(copy, 'node_modules', entry));
  }
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

function lintLayers(): { status: number | null; output: string } {
  const bin = path.join(root, 'node_modules/.bin');
  const script = (JSON.parse(readFileSync(path.join(copy, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['lint:layers'];
  const run = spawnSync('sh', ['-c', script ?? 'false'], { cwd: copy, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function plant(file: string, text: string): () => void {
  const target = path.join(copy, file);
  let before: string | undefined;
  try {
    before = readFileSync(target, 'utf8');
  } catch {
    before = undefined;
  }
  writeFileSync(target, text);
  return () => (before === undefined ? rmSync(target) : writeFileSync(target, before));
}

it('passes on the workspace as it is', () => {
  const run = lintLayers();
  expect(run.output).toContain('no dependency violations found');
  expect(run.status).toBe(0);
}, 60_000);

it('fails on an import against the arrows (geometry reaching up to pricing), naming the rule and both files', () => {
  const undo = plant('packages/geometry/src/planted.ts', "import { priceQuote } from '@shop/pricing';\nexport const planted = priceQuote;\n");
  const undoIndex = plant('packages/geometry/src/index.ts', `${readFileSync(path.join(copy, 'packages/geometry/src/index.ts'), 'utf8')}export { planted } from './planted';\n`);
  try {
    const run = lintLayers();
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/error layer-geometry: packages\/geometry\/src\/planted\.ts → packages\/pricing\/src\/index\.ts/);
  } finally {
    undoIndex();
    undo();
  }
}, 60_000);

it('fails on a dependency that no source imports, naming the package and the manifest', () => {
  const manifest = path.join(copy, 'packages/geometry/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies: Record<string, string> };
  const undo = plant('packages/geometry/package.json', JSON.stringify({ ...pkg, dependencies: { ...pkg.dependencies, 'escape-html': '1.0.3' } }, null, 2));
  try {
    const run = lintLayers();
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/Unused dependencies \(1\)\s+escape-html\s+packages\/geometry\/package\.json/);
  } finally {
    undo();
  }
}, 60_000);
