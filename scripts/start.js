#!/usr/bin/env node
// Starts the REST app, the MCP app and the staff console side by side under a supervisor: an app that
// dies is restarted (back-off, logged as a JSON line, counted in the REST app's /metrics) while the
// others keep serving; Ctrl-C or SIGTERM stops them all.
// `--build` builds the packages first (turbo), saying so and showing each package as it starts;
// `--dry-run` with it only lists what would be built. Once every app listens, one plain line on stderr
// says where to open each. `--source` runs the apps from TypeScript
// through tsx instead of the built dist/ files.
const { spawnSync } = require('node:child_process');
const { mkdirSync } = require('node:fs');
const path = require('node:path');
const { announceWhenReady } = require('./ready-line');
const { stopOnSignals, supervise } = require('./supervise');

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

const specs = apps.map((name) => {
  const args = fromSource
    ? [require.resolve('tsx/cli', { paths: [root] }), '--conditions=@shop/source', path.join(root, 'apps', name, 'src', 'server.ts')]
    : [path.join(root, 'apps', name, 'dist', 'server.js')];
  return { name, command: 'sh', args: [RUN_APP, ...args], env: { NODE: process.execPath } };
});

// The restart counts live beside the embedded database, where the apps already write.
const stateDir = path.join(root, 'data');
mkdirSync(stateDir, { recursive: true });
stopOnSignals(supervise(specs, { cwd: root, stateFile: path.join(stateDir, 'supervisor.json') }));
// Among the JSON lines, one for the person at the terminal: where to open each app, once all listen.
announceWhenReady(process.env);
