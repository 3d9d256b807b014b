#!/usr/bin/env node
// `pnpm deploy:local`: what the container image does, on this machine. Builds the workspace, then
// runs both apps from dist/ with plain node on PostgreSQL (own schema) and Redis, waits until they
// answer, prints the addresses, and stops both on Ctrl-C.
// `--check` also runs the @shop/client example (a quote, its drawing, an order link) against the
// running app, then stops both and exits with its result.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

// The start script of every deployment, as the image's CMD runs it (docs/deploy.md).
const RUN_APP = path.join(__dirname, 'run-app.sh');

const root = path.join(__dirname, '..');
const checkOnly = process.argv.includes('--check');

const env = {
  ...process.env,
  NODE: process.execPath,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/test?schema=shop_local',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PORT: process.env.PORT ?? '3000',
  MCP_PORT: process.env.MCP_PORT ?? '3001',
};
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
const restUrl = `http://127.0.0.1:${env.PORT}`;
const mcpUrl = `http://127.0.0.1:${env.MCP_PORT}/mcp`;
const START_TIMEOUT_MS = 60_000;

function log(message) {
  process.stdout.write(`[deploy:local] ${message}\n`);
}

function hideSecret(url) {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

// A TCP connect is enough to tell "nothing listens there" from a server that may refuse us later.
function canConnect(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort), timeout: 3000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

async function checkServers() {
  const problems = [];
  if (env.DATABASE_URL.startsWith('postgres') && !(await canConnect(env.DATABASE_URL, 5432))) {
    problems.push(`PostgreSQL is not reachable at ${hideSecret(env.DATABASE_URL)} (start it, e.g. pg_ctlcluster <version> main start)`);
  }
  if (env.REDIS_URL && !(await canConnect(env.REDIS_URL, 6379))) {
    problems.push(`Redis is not reachable at ${env.REDIS_URL} (start it, e.g. redis-server --daemonize yes)`);
  }
  return problems;
}

async function waitFor(what, probe) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

async function main() {
  const problems = await checkServers();
  if (problems.length > 0) {
    for (const problem of problems) log(problem);
    process.exit(1);
  }

  log('building (pnpm build)');
  const build = spawnSync('pnpm', ['build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) {
    log('build failed');
    process.exit(build.status ?? 1);
  }

  let stopping = false;
  function stop(exitCode) {
    if (stopping) return;
    stopping = true;
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    if (running.length === 0) process.exit(exitCode);
    let left = running.length;
    for (const child of running) {
      child.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      child.kill('SIGTERM');
    }
  }
  const children = ['rest', 'mcp'].map((name) => {
    const child = spawn('sh', [RUN_APP, path.join(root, 'apps', name, 'dist', 'server.js')], { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        log(`${name} stopped (${signal ?? `exit ${code}`}); stopping the other app`);
        stop(1);
      }
    });
    return child;
  });

  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  try {
    await waitFor('the REST app', async () => (await fetch(`${restUrl}/api/v1/status`)).ok);
    // The tool server has no status route: any HTTP answer below 500 on /mcp means it is up.
    await waitFor('the MCP tool server', async () => (await fetch(mcpUrl)).status < 500);
  } catch (error) {
    log(error.message);
    stop(1);
    return;
  }

  log(`database: ${hideSecret(env.DATABASE_URL)}`);
  log(`rate limits: ${env.REDIS_URL || 'in the database'}`);
  log(`REST API:  ${env.PUBLIC_URL}/api/v1   (status: ${env.PUBLIC_URL}/api/v1/status)`);
  log(`API docs:  ${env.PUBLIC_URL}/docs   (OpenAPI: ${env.PUBLIC_URL}/api/v1/openapi.json)`);
  log(`MCP tools: http://localhost:${env.MCP_PORT}/mcp`);

  if (!checkOnly) {
    log('running; Ctrl-C stops both apps');
    return;
  }
  log('--check: running the @shop/client example against it');
  const example = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=@shop/source', path.join(root, 'packages', 'client', 'examples', 'quote-and-handoff.ts'), restUrl],
    { cwd: path.join(root, 'packages', 'client'), stdio: 'inherit', env },
  );
  log(example.status === 0 ? '--check passed' : '--check failed');
  stop(example.status === 0 ? 0 : 1);
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
