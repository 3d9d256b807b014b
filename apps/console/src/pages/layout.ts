// The frame every console page shares: the shop's name, the sections the person may open, sign-out.
import type { StaffRecord } from '@shop/storage';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';

/** The person signed in, and the token their forms carry. */
export interface Viewer {
  staff: StaffRecord;
  csrfToken: string;
}

export interface ConsolePage {
  shopName: string;
  title: string;
  main: SafeHtml;
  viewer?: Viewer | null;
}

export function csrfField(viewer: Viewer): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${viewer.csrfToken}">`;
}

function navigation(viewer: Viewer): SafeHtml {
  const owner = viewer.staff.role === 'owner';
  return html`<nav class="sections" aria-label="Sections">
<a href="/">Home</a>
<a href="/quotes">Quotes</a> <a href="/handoffs">Order links</a>
<a href="/price-book">Price book</a> <a href="/plate-orders">Plate orders</a> <a href="/notifications">Notifications</a>
${owner ? html`<a href="/webhooks">Webhooks</a> <a href="/staff">Staff</a> <a href="/audit">Audit log</a>` : null}
${owner ? html`<a href="/privacy">Personal data</a> <a href="/settings/lost-reasons">Lost reasons</a>` : null}
<a href="/account">Account</a>
<form method="post" action="/sign-out" class="inline">${csrfField(viewer)}<button type="submit" class="link">Sign out</button></form>
</nav>`;
}

export function renderConsolePage(page: ConsolePage): string {
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${page.title} · ${page.shopName} console</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/console.css">
</head>
<body>
<header class="site"><div class="wrap"><span class="shop-name">${page.shopName} · console</span>${page.viewer ? navigation(page.viewer) : null}</div></header>
<main class="wrap">
<h1>${page.title}</h1>
${page.main}
</main>
</body>
</html>`}\n`;
}

/** A message above a form: what went wrong, or what just happened. */
export function notice(kind: 'error' | 'ok', text: string | null | undefined): SafeHtml | null {
  if (!text) return null;
  return kind === 'error' ? html`<p class="notice error" role="alert">${text}</p>` : html`<p class="notice ok" role="status">${text}</p>`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'America/Toronto' });

/** A moment as the shop reads it (Toronto time, to the second, with its zone), with the exact UTC instant in a <time> element. */
export function when(date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}">${DATE_TIME.format(date)}</time>`;
}
