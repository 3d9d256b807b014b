#!/usr/bin/env node
// `pnpm size:prod`: the production install as the image makes it (`pnpm install --prod` from the
// lockfile, scripts not run), in a temp copy of the workspace's manifests, measured with `du`:
// the total of node_modules, then the largest packages. `--budget=MB` exits 1 above it (the target is
// 150 MB); `--keep` leaves the copy for a look.
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const budgetArg = process.argv.find((arg) => arg.startsWith('--budget='));
const budgetMb = budgetArg ? Number(budgetArg.slice('--budget='.length)) : null;
const keep = process.argv.includes('--keep');

/** Disk use of a path in MB, as `du -sk` counts it (hard links once). */
function duMb(target) {
  return Number(execFileSync('du', ['-sk', target], { encoding: 'utf8' }).split('\t')[0]) / 1024;
}

const copy = mkdtempSync(path.join(os.tmpdir(), 'shop-size-prod-'));
try {
  // What `pnpm install` reads: the workspace files, the lockfile and every workspace package.json.
  for (const file of ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml']) {
    if (existsSync(path.join(root, file))) cpSync(path.join(root, file), path.join(copy, file));
  }
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(path.join(root, group))) {
      const manifest = path.join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      mkdirSync(path.join(copy, group, name), { recursive: true });
      cpSync(manifest, path.join(copy, group, name, 'package.json'));
    }
  }
  const install = spawnSync('pnpm', ['install', '--prod', '--frozen-lockfile', '--prefer-offline', '--ignore-scripts', '--reporter=silent'], {
    cwd: copy,
    stdio: 'inherit',
    env: { ...process.env, CI: 'true' },
  });
  if (install.status !== 0) throw new Error(`pnpm install --prod failed (exit ${install.status})`);

  const totalMb = duMb(path.join(copy, 'node_modules'));
  const store = path.join(copy, 'node_modules', '.pnpm');
  const packages = readdirSync(store)
    .filter((entry) => entry !== 'node_modules' && !entry.startsWith('lock'))
    .map((entry) => ({ name: entry.replace(/_.*$/, ''), mb: duMb(path.join(store, entry)) }))
    .sort((a, b) => b.mb - a.mb);
  process.stdout.write(`pnpm install --prod: node_modules ${totalMb.toFixed(1)} MB, ${packages.length} packages\n`);
  for (const { name, mb } of packages.slice(0, 15)) process.stdout.write(`  ${mb.toFixed(1).padStart(6)} MB  ${name}\n`);
  if (budgetMb !== null && totalMb > budgetMb) {
    process.stdout.write(`over the budget of ${budgetMb} MB by ${(totalMb - budgetMb).toFixed(1)} MB\n`);
    process.exitCode = 1;
  }
} finally {
  if (keep) process.stdout.write(`copy kept: ${copy}\n`);
  else rmSync(copy, { recursive: true, force: true });
}
