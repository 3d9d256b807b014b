#!/usr/bin/env node
// Starts the REST app, the MCP app and the staff console side by side; stops all when one stops or on Ctrl-C.
// `--build` builds the packages first (turbo), saying so and showing each package as it starts;
// `--dry-run` with it only lists what would be built. `--source` runs the apps from TypeScript
// through tsx instead of the built dist/ files.
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
// The start script of every deployment: the apps' V8 and allocator settings (docs/deploy.md).
const RUN_APP = path.join(__dirname, 'run-app.sh');
const fromSource = process.argv.includes('--source');
const apps = ['rest', 'mcp', 'console'];

/** The turbo build of every package, one line per package as it starts (`hash-only`), errors in full. */
function build(dryRun) {
  process.stdout.write('Building the packages before the first start (about a minute, more on a busy machine; later starts reuse the build and take seconds)...\n');
  const started = Date.now();
  const turbo = path.join(root, 'node_modules', '.bin', 'turbo');
  const args = ['run', 'build', '--output-logs=hash-only', ...(dryRun ? ['--dry-run=text'] : [])];
  const run = spawnSync(turbo, args, { stdio: 'inherit', cwd: root, env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env } });
  if (run.status !== 0) {
    process.stderr.write('The build failed: see the errors above.\n');
    process.exit(run.status ?? 1);
  }
  process.stdout.write(`Built in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

if (process.argv.includes('--build')) {
  const dryRun = process.argv.includes('--dry-run');
  build(dryRun);
  if (dryRun) process.exit(0);
}

const children = apps.map((name) => {
  const args = fromSource
    ? [require.resolve('tsx/cli', { paths: [root] }), '--conditions=@shop/source', path.join(root, 'apps', name, 'src', 'server.ts')]
    : [path.join(root, 'apps', name, 'dist', 'server.js')];
  const child = spawn('sh', [RUN_APP, ...args], { stdio: 'inherit', cwd: root, env: { ...process.env, NODE: process.execPath } });
  child.on('exit', (code, signal) => {
    stopAll();
    process.exitCode = code ?? (signal ? 1 : 0);
  });
  return child;
});

let stopping = false;
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

process.on('SIGINT', () => stopAll('SIGTERM'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
