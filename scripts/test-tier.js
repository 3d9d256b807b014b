#!/usr/bin/env node
// One tier of the test suite: `node scripts/test-tier.js unit|integration|browser|packed [jest args]`.
//   unit         every suite on the embedded defaults (SQLite, limits in the database), no network;
//                the PostgreSQL and Redis runs are left out even when their URLs are set
//   integration  the suites that touch storage, limits or the apps, on PostgreSQL and Redis
//                (TEST_POSTGRES_URL, TEST_REDIS_URL; loopback defaults)
//   browser      the pages driven in Debian's chromium (/usr/bin/chromium)
//   packed       @shop/pricing packed to tarballs and installed in a fresh project (needs the registry)
// `pnpm test` runs all four; so does CI.
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');

const BROWSER = 'browser\\.test\\.ts$';
const PACKED = 'packed-install\\.test\\.ts$';
const tiers = {
  unit: { args: ['--testPathIgnorePatterns', BROWSER, PACKED], env: { TEST_POSTGRES_URL: undefined, TEST_REDIS_URL: undefined } },
  integration: {
    args: ['--selectProjects', 'storage', 'service', 'runtime', 'rest', 'mcp', 'client', '--testPathIgnorePatterns', BROWSER, PACKED],
    env: {
      TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test',
      TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
  },
  browser: { args: ['--testPathPatterns', BROWSER], needs: () => existsSync('/usr/bin/chromium') || 'Chromium is not installed: apt-get install -y chromium' },
  packed: { args: ['--testPathPatterns', PACKED] },
};

const [name, ...rest] = process.argv.slice(2);
const tier = tiers[name];
if (!tier) {
  process.stderr.write(`usage: node scripts/test-tier.js ${Object.keys(tiers).join('|')} [jest arguments]\n`);
  process.exit(2);
}
const missing = tier.needs?.();
if (typeof missing === 'string') {
  process.stderr.write(`${missing}\n`);
  process.exit(1);
}
const env = { ...process.env };
for (const [key, value] of Object.entries(tier.env ?? {})) {
  if (value === undefined) delete env[key];
  else env[key] = value;
}
const run = spawnSync(require.resolve('jest/bin/jest'), [...tier.args, ...rest], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
