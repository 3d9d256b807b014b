// The frame every page shares: head with viewport and noindex, the shop's name, one stylesheet.
import { html } from '@shop/runtime';
import type { HtmlValue, SafeHtml } from '@shop/runtime';

export interface PageFrame {
  shopName: string;
  title: string;
  main: SafeHtml;
  /** Paths of scripts under /assets; none on most pages. */
  scripts?: readonly string[];
}

export function renderPage(frame: PageFrame): string {
  const scripts: HtmlValue[] = (frame.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`);
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${frame.title} · ${frame.shopName}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/pages.css">
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
