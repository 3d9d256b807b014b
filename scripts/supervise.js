// The supervisor behind `pnpm start`: runs each app as its own process and restarts the one that dies
// (exponential back-off with a cap, reset once it has stayed up a while), leaving the others serving.
// Each exit and restart is one JSON line on stdout; the restart counts are kept in a small JSON file
// whose path every app gets as SUPERVISOR_STATE_FILE (the REST app serves them as app_restarts_total).
const { spawn } = require('node:child_process');
const { renameSync, writeFileSync } = require('node:fs');

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string> }} AppSpec */
/**
 * @typedef {object} SuperviseOptions
 * @property {number} [initialDelayMs] first wait before a restart (default 1,000)
 * @property {number} [maxDelayMs] longest wait (default 30,000)
 * @property {number} [resetAfterMs] an app up this long starts its back-off again from the first wait (default 60,000)
 * @property {string} [stateFile] where the restart counts are written (default none)
 * @property {string} [cwd]
 * @property {(line: object) => void} [log] one JSON object per event (default: a line on stdout)
 */

/** The wait before the n-th restart in a row (n from 0): doubling from the first wait, capped. */
function backoffDelay(consecutive, initialMs, maxMs) {
  const delay = initialMs * 2 ** Math.min(consecutive, 30);
  return Math.min(maxMs, delay);
}

/**
 * Starts every app and keeps it running. Returns what the caller needs: the live pids, the restart
 * counts, and stop(), which ends the supervision and every app (resolving once all have exited).
 * @param {AppSpec[]} apps
 * @param {SuperviseOptions} [options]
 */
function supervise(apps, options = {}) {
  const initialMs = options.initialDelayMs ?? 1_000;
  const maxMs = options.maxDelayMs ?? 30_000;
  const resetAfterMs = options.resetAfterMs ?? 60_000;
  const log = options.log ?? ((line) => process.stdout.write(`${JSON.stringify(line)}\n`));
  let stopping = false;
  const state = new Map(
    apps.map((app) => [app.name, { app, child: null, restarts: 0, consecutive: 0, startedAt: 0, pending: null, steady: null }]),
  );

  const writeState = () => {
    if (!options.stateFile) return;
    const body = {
      apps: Object.fromEntries([...state].map(([name, entry]) => [name, { restarts: entry.restarts, pid: entry.child?.pid ?? null, up: entry.child !== null }])),
    };
    // Written whole and renamed, so a reader never sees half a file.
    const temp = `${options.stateFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(body));
      renameSync(temp, options.stateFile);
    } catch (error) {
      log({ level: 'warn', event: 'state_file_unwritable', file: options.stateFile, message: String(error && error.message) });
    }
  };

  const start = (entry) => {
    entry.pending = null;
    if (stopping) return;
    const { app } = entry;
    const env = { ...process.env, ...app.env, APP_NAME: app.name, ...(options.stateFile ? { SUPERVISOR_STATE_FILE: options.stateFile } : {}) };
    const child = spawn(app.command, app.args, { stdio: 'inherit', cwd: options.cwd, env });
    entry.child = child;
    entry.startedAt = Date.now();
    // Up long enough: its next death starts the back-off from the first wait again.
    entry.steady = setTimeout(() => {
      entry.consecutive = 0;
    }, resetAfterMs);
    entry.steady.unref();
    child.on('error', (error) => {
      // Could not be started (or signalled): answered as an exit, so it is tried again.
      log({ level: 'error', event: 'app_spawn_failed', app: app.name, message: error.message });
      if (child.pid === undefined) exited(entry, child, null, null);
    });
    child.on('exit', (code, signal) => exited(entry, child, code, signal));
    writeState();
  };

  const exited = (entry, child, code, signal) => {
    if (entry.child !== child) return;
    entry.child = null;
    if (entry.steady) clearTimeout(entry.steady);
    if (stopping) {
      writeState();
      return;
    }
    const delay = backoffDelay(entry.consecutive, initialMs, maxMs);
    entry.consecutive += 1;
    entry.restarts += 1;
    log({
      level: 'warn',
      event: 'app_exited',
      app: entry.app.name,
      code,
      signal,
      up_ms: Date.now() - entry.startedAt,
      restart_in_ms: delay,
      restarts: entry.restarts,
      time: new Date().toISOString(),
    });
    writeState();
    entry.pending = setTimeout(() => start(entry), delay);
  };

  for (const entry of state.values()) start(entry);

  return {
    /** The pid of each app running just now (null while it waits to be restarted). */
    pids: () => Object.fromEntries([...state].map(([name, entry]) => [name, entry.child?.pid ?? null])),
    restarts: () => Object.fromEntries([...state].map(([name, entry]) => [name, entry.restarts])),
    /** Stops supervising and sends `signal` to every app; resolves when all have exited. */
    stop(signal = 'SIGTERM') {
      stopping = true;
      const waits = [];
      for (const entry of state.values()) {
        if (entry.pending) clearTimeout(entry.pending);
        if (entry.steady) clearTimeout(entry.steady);
        const child = entry.child;
        if (child && child.exitCode === null && child.signalCode === null) {
          waits.push(new Promise((resolve) => child.once('exit', resolve)));
          child.kill(signal);
        }
      }
      return Promise.all(waits).then(() => undefined);
    },
  };
}

/** Ctrl-C or SIGTERM to the supervisor stops every app, then the supervisor itself. */
function stopOnSignals(supervisor) {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void supervisor.stop('SIGTERM').then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

module.exports = { backoffDelay, stopOnSignals, supervise };
