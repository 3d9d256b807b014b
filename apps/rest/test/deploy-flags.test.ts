// scripts/run-app.sh holds the V8 flags and allocator settings every deployment runs the apps with:
// the image's CMD, compose's MCP command, pnpm start, deploy:local and the benches start the apps
// through it, and nothing else spells a setting out.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const RUN_APP = path.join(ROOT, 'scripts', 'run-app.sh');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What node sees when started through the script: its own flags, the arena setting, the arguments. */
function startThroughScript(env: Record<string, string> = {}): { execArgv: string[]; arenas: string | undefined; argv: string[] } {
  const script = 'process.stdout.write(JSON.stringify({ execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX, argv: process.argv.slice(1) }))';
  const run = spawnSync('sh', [RUN_APP, '-e', script, 'one', 'two'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE: process.execPath, ...env } });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as { execArgv: string[]; arenas: string | undefined; argv: string[] };
}

describe('the start script of every deployment', () => {
  it('is what the image, compose, pnpm start, deploy:local and the benches run', () => {
    const cmd = read('Dockerfile').split('\n').find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(['sh', 'scripts/run-app.sh', 'apps/rest/dist/server.js']);
    const mcpCommand = read('compose.yaml').split('\n').find((line) => line.includes('apps/mcp/dist/server.js'));
    expect(JSON.parse(mcpCommand!.trim().replace(/^command:\s*/, ''))).toEqual(['sh', 'scripts/run-app.sh', 'apps/mcp/dist/server.js']);
    for (const file of ['scripts/start.js', 'scripts/deploy-local.js', 'bench/harness.ts']) expect(read(file)).toContain("'run-app.sh'");
  });

  it('is the only place a V8 flag or the arena count is written', () => {
    for (const file of ['Dockerfile', 'compose.yaml', 'scripts/start.js', 'scripts/deploy-local.js', 'bench/harness.ts', 'package.json']) {
      expect(read(file)).not.toMatch(/--max-semi-space-size|--heap-growing-percent|--max-old-space-size|MALLOC_ARENA_MAX=/);
    }
  });

  it('starts node with its V8 flags and two allocator arenas, and passes every argument through', () => {
    const seen = startThroughScript();
    expect(seen.execArgv).toEqual(['--heap-growing-percent=50', '-e', expect.any(String)]);
    expect(seen.arenas).toBe('2');
    expect(seen.argv).toEqual(['one', 'two']);
  });

  it('keeps an arena count set by the environment', () => {
    expect(startThroughScript({ MALLOC_ARENA_MAX: '4' }).arenas).toBe('4');
  });
});
