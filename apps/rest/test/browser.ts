// Headless Chromium (Debian's package) driven by playwright-core, for the browser tests and the
// screenshot script. Without the browser the suites show as skipped with the fix in the reason
// (`describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)`); launching it anyway fails with the same fix.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';

/** The page type, for suites and scripts outside this package (which do not depend on playwright-core themselves). */
export type { Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
export const NEEDS_CHROMIUM = `no Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium`;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}; install it with: apt-get update && apt-get install -y chromium`);
  }
  const profile = mkdtempSync(path.join(tmpdir(), 'shop-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
