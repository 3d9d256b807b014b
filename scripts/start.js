#!/usr/bin/env node
// Starts the REST app and the MCP app side by side; stops both when either stops or on Ctrl-C.
// `--source` runs them from TypeScript through tsx instead of the built dist/ files.
const { spawn } = require('node:child_process');
const path = require('node:path');

// The V8 flags and allocator settings every deployment runs the apps with (docs/deploy.md).
const APP_NODE_FLAGS = require('./app-node-flags.json');
const APP_ENV = require('./app-env.json');

const root = path.join(__dirname, '..');
const fromSource = process.argv.includes('--source');
const apps = ['rest', 'mcp'];

const children = apps.map((name) => {
  const args = fromSource
    ? [require.resolve('tsx/cli', { paths: [root] }), '--conditions=@shop/source', path.join(root, 'apps', name, 'src', 'server.ts')]
    : [path.join(root, 'apps', name, 'dist', 'server.js')];
  const child = spawn(process.execPath, [...APP_NODE_FLAGS, ...args], { stdio: 'inherit', cwd: root, env: { ...APP_ENV, ...process.env } });
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
