// What a newcomer meets first: `pnpm start` says it is building before the long first build, and the
// README's quick start names the Node version the engines field asks for and every port the apps take.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));

describe('pnpm start', () => {
  it('builds through scripts/start.js, which says so before turbo runs and names each package', () => {
    expect(manifest.scripts.start).toBe('node scripts/start.js --build');
    const run = spawnSync(process.execPath, ['scripts/start.js', '--build', '--dry-run'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(/^Building the packages before the first start \(about a minute, more on a busy machine; later starts reuse the build and take seconds\)\.\.\.$/);
    for (const name of ['@shop/contracts', '@shop/rest', '@shop/mcp']) expect(run.stdout).toContain(name);
    expect(lines.at(-1)).toMatch(/^Built in \d+ s\.$/);
  }, 70_000);
});

describe('the README\'s quick start', () => {
  it('asks for the Node version of the engines field', () => {
    const version = /^>=(\d+\.\d+)$/.exec(manifest.engines.node)?.[1];
    expect(version).toBeDefined();
    expect(quickStart).toContain(`Node ${version} or later`);
    expect(quickStart).not.toMatch(/Node 20 and/);
  });

  it('names every port the apps take, the metrics port included, and how to move them', () => {
    for (const port of ['PORT', 'MCP_PORT', 'CONSOLE_PORT', 'METRICS_PORT']) expect(quickStart).toContain(`\`${port}\``);
    for (const number of ['3000', '3001', '3002', '9464']) expect(quickStart).toContain(number);
    expect(quickStart).toContain('PORT=4000 MCP_PORT=4001 CONSOLE_PORT=4003 METRICS_PORT=4002 pnpm start');
  });

  it('says the first start builds for about a minute', () => {
    expect(quickStart).toMatch(/builds the workspace first, saying so and naming each package/);
  });
});
