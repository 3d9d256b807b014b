// The one line of `pnpm start` written for a person rather than a log shipper: once every app takes
// connections on its port, where to open each (the REST app, the upload page, the MCP endpoint, the
// console), worked out from the same variables the apps read. It goes to stderr: stdout stays JSON lines.
const net = require('node:net');

const LOOPBACK_OR_ANY = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '0.0.0.0', '::', '[::]']);

const trimSlash = (url) => url.replace(/\/+$/, '');

/** Where each app is reached and the port to wait on, from the environment the apps get. */
function appAddresses(env) {
  const port = Number(env.PORT || 3000);
  const mcpPort = Number(env.MCP_PORT || 3001);
  const consolePort = Number(env.CONSOLE_PORT || 3002);
  const consoleHost = env.CONSOLE_HOST || '127.0.0.1';
  const rest = trimSlash(env.PUBLIC_URL || `http://localhost:${port}`);
  // The console's own default (apps/console/src/config.ts): localhost for loopback or every address, else the host.
  const consoleName = LOOPBACK_OR_ANY.has(consoleHost) ? 'localhost' : consoleHost.includes(':') && !consoleHost.startsWith('[') ? `[${consoleHost}]` : consoleHost;
  const consoleUrl = trimSlash(env.CONSOLE_URL || `http://${consoleName}:${consolePort}`);
  const dialHost = (host) => (LOOPBACK_OR_ANY.has(host) ? '127.0.0.1' : host.replace(/^\[|\]$/g, ''));
  return {
    urls: { rest, upload: `${rest}/plate/new`, mcp: `http://localhost:${mcpPort}/mcp`, console: consoleUrl },
    ports: [
      { host: '127.0.0.1', port },
      { host: '127.0.0.1', port: mcpPort },
      { host: dialHost(consoleHost), port: consolePort },
    ],
  };
}

/** The line itself. */
function readyLine(urls) {
  return `Ready. Open ${urls.rest} (the REST app and its pages; upload a drawing at ${urls.upload}), the MCP endpoint ${urls.mcp}, and the staff console ${urls.console}. Ctrl-C stops them all.`;
}

/** Whether something accepts a TCP connection on host:port now. */
function accepts({ host, port }) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Writes the line once every app's port accepts connections (checked every `intervalMs`). Returns
 * cancel(), for a supervisor that stops first. Its timers never keep the process alive.
 */
function announceWhenReady(env, write = (line) => process.stderr.write(`${line}\n`), intervalMs = 250) {
  const { urls, ports } = appAddresses(env);
  let cancelled = false;
  let timer = null;
  const check = async () => {
    const answers = await Promise.all(ports.map(accepts));
    if (cancelled) return;
    if (answers.every(Boolean)) {
      write(readyLine(urls));
      return;
    }
    timer = setTimeout(check, intervalMs);
    timer.unref();
  };
  void check();
  return () => {
    cancelled = true;
    if (timer) clearTimeout(timer);
  };
}

module.exports = { announceWhenReady, appAddresses, readyLine };
