// The frame every page shares: head with viewport and noindex, the shop's name, one stylesheet.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { html } from '@shop/runtime';
import type { HtmlValue, SafeHtml } from '@shop/runtime';

const ASSETS_DIR = path.join(__dirname, '..', '..', 'public', 'assets');
const hashes = new Map<string, string>();

/**
 * `/assets/{name}?v={content hash}`: the address changes with the file, so the static handler may
 * let browsers keep it for a year (immutable); read once per process.
 */
export function assetHref(name: string): string {
  let hash = hashes.get(name);
  if (hash === undefined) {
    try {
      hash = createHash('sha256').update(readFileSync(path.join(ASSETS_DIR, name))).digest('base64url').slice(0, 12);
    } catch {
      hash = '';
    }
    hashes.set(name, hash);
  }
  return hash === '' ? `/assets/${name}` : `/assets/${name}?v=${hash}`;
}

export interface PageFrame {
  shopName: string;
  title: string;
  main: SafeHtml;
  /** Names of scripts under /assets (`plate-quoter.js`); none on most pages. */
  scripts?: readonly string[];
}

export function renderPage(frame: PageFrame): string {
  const scripts: HtmlValue[] = (frame.scripts ?? []).map((src) => html`<script src="${assetHref(src)}" defer></script>`);
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${frame.title} · ${frame.shopName}</title>
<link rel="icon" href="${assetHref('favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${assetHref('pages.css')}">
${scripts}
</head>
<body>
<header class="site"><div class="wrap"><span class="shop-name">${frame.shopName}</span></div></header>
<main class="wrap">
${frame.main}
</main>
<footer class="site"><div class="wrap">Prices in Canadian dollars. HST (13%, Ontario) is shown on its own line. Nothing is bought or paid on these pages.</div></footer>
</body>
</html>`}\n`;
}
