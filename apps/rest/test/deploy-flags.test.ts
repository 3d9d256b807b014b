// The V8 flags of scripts/app-node-flags.json and the environment of scripts/app-env.json (the
// allocator's arenas) are what every deployment runs the apps with: pnpm start, deploy:local and the
// benches read the files; the image's ENV and CMD and compose's MCP command spell them out.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const FLAGS = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'app-node-flags.json'), 'utf8')) as string[];
const ENV = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'app-env.json'), 'utf8')) as Record<string, string>;

describe('node flags of the deployments', () => {
  it('are the same list in the image, compose and the start scripts', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const cmd = dockerfile.split('\n').find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(['node', ...FLAGS, 'apps/rest/dist/server.js']);
    const compose = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
    const mcpCommand = compose.split('\n').find((line) => line.includes('apps/mcp/dist/server.js'));
    expect(JSON.parse(mcpCommand!.trim().replace(/^command:\s*/, ''))).toEqual(['node', ...FLAGS, 'apps/mcp/dist/server.js']);
    for (const script of ['start.js', 'deploy-local.js']) {
      expect(readFileSync(path.join(ROOT, 'scripts', script), 'utf8')).toContain("require('./app-node-flags.json')");
    }
  });

  it('come with the same environment in the image, the start scripts and the benches', () => {
    expect(ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const imageEnv = Object.fromEntries(
      dockerfile
        .split('\n')
        .filter((line) => line.startsWith('ENV '))
        .map((line) => line.slice(4).split('=') as [string, string]),
    );
    expect(imageEnv).toMatchObject(ENV);
    for (const script of ['scripts/start.js', 'scripts/deploy-local.js', 'bench/harness.ts']) {
      expect(readFileSync(path.join(ROOT, script), 'utf8')).toMatch(/app-env\.json/);
    }
  });

  it('are flags this node accepts and applies', () => {
    // A misspelt V8 flag stops node at start ("bad option"), so this is what a deployment would hit first.
    const script = `process.stdout.write(JSON.stringify(process.execArgv.slice(0, ${FLAGS.length})))`;
    const run = spawnSync(process.execPath, [...FLAGS, '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(FLAGS);
  });
});
