#!/usr/bin/env node
// One tier of the test suite: `node scripts/test-tier.js fast|unit|backends|browser|slow [jest args]`.
//   fast      the pure packages and the service's unit tests, the process-starting suites left out:
//             the loop to run while editing (seconds)
//   unit      every suite on the embedded defaults (SQLite, limits in the database), no network; the
//             PostgreSQL and Redis cases are left out even when their URLs are set
//   backends  only the files named `*.backends.test.ts`, on PostgreSQL and Redis (TEST_POSTGRES_URL,
//             TEST_REDIS_URL; loopback defaults) as well as SQLite
//   browser   the pages driven in Debian's chromium (/usr/bin/chromium); one line and no run without it
//   slow      fuzzing, two processes on one file, the packed install (needs the registry), lint:layers
// `pnpm test` runs every suite in one jest run; so does CI (.ci/run).
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');

// A --testPathIgnorePatterns argument replaces the configs' list, so it repeats it (the slow suites).
const IGNORED = require('../jest.preset.js').testPathIgnorePatterns;
const CHROMIUM = '/usr/bin/chromium';
const BROWSER = 'browser\\.test\\.ts$';
const BACKENDS = '\\.backends\\.test\\.ts$';
const PURE = ['geometry', 'catalog', 'contracts', 'pricing', 'drawings', 'openapi', 'service'];
// Left out of the fast tier (still in unit): each starts worker threads, child processes (redocly,
// tsx) or a redis-server, or prices the worst legal plates over and over; one to five seconds each.
const HEAVY = [
  'packages/openapi/src/openapi\\.test\\.ts$',
  'packages/pricing/src/package\\.test\\.ts$',
  'packages/pricing/src/price-quote\\.bounded\\.test\\.ts$',
  'packages/service/src/quote-pricer\\.test\\.ts$',
  'packages/service/src/process-pool\\.test\\.ts$',
  'packages/service/src/limits/rate-limits\\.redis-hang\\.test\\.ts$',
];
const WITHOUT_SERVERS = { TEST_POSTGRES_URL: undefined, TEST_REDIS_URL: undefined };

const tiers = {
  fast: { args: ['--selectProjects', ...PURE, '--testPathIgnorePatterns', ...IGNORED, BROWSER, BACKENDS, ...HEAVY], env: WITHOUT_SERVERS },
  unit: { args: ['--ignoreProjects', 'slow', '--testPathIgnorePatterns', ...IGNORED, BROWSER], env: WITHOUT_SERVERS },
  backends: {
    args: ['--ignoreProjects', 'slow', '--testPathPatterns', BACKENDS],
    env: {
      TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test',
      TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  },
  browser: {
    args: ['--ignoreProjects', 'slow', '--testPathPatterns', BROWSER],
    skip: () => !existsSync(CHROMIUM) && `browser tier skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`,
  },
  slow: { args: ['--selectProjects', 'slow'] },
};

const [name, ...rest] = process.argv.slice(2);
const tier = tiers[name];
if (!tier) {
  process.stderr.write(`usage: node scripts/test-tier.js ${Object.keys(tiers).join('|')} [jest arguments]\n`);
  process.exit(2);
}
const skipped = tier.skip?.();
if (skipped) {
  process.stdout.write(`${skipped}\n`);
  process.exit(0);
}
const env = { ...process.env };
for (const [key, value] of Object.entries(tier.env ?? {})) {
  if (value === undefined) delete env[key];
  else env[key] = value;
}
const run = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), ...tier.args, ...rest], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
