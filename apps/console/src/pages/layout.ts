// The frame every console page shares: a skip link, the shop's name, the sections the person may open
// (the current one marked), sign-out; and the kit of form errors (a summary linking to each field).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
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

// The path of the request being answered, so the menu can mark its section without every page
// renderer (dozens, across several route files) having to be handed it.
const requestPath = new AsyncLocalStorage<string>();

/** Middleware: the pages rendered while answering this request know its path (for the menu). */
export const rememberRequestPath: RequestHandler = (req, _res, next) => {
  requestPath.run(req.path, next);
};

const SECTIONS: readonly { href: string; label: string; owners?: true }[] = [
  { href: '/', label: 'Home' },
  { href: '/inbox', label: 'Inbox' },
  { href: '/quotes', label: 'Quotes' },
  { href: '/handoffs', label: 'Order links' },
  { href: '/price-book', label: 'Price book' },
  { href: '/plate-orders', label: 'Plate orders' },
  { href: '/notifications', label: 'Notifications' },
  { href: '/webhooks', label: 'Webhooks', owners: true },
  { href: '/staff', label: 'Staff', owners: true },
  { href: '/audit', label: 'Audit log', owners: true },
  { href: '/privacy', label: 'Personal data', owners: true },
  { href: '/settings/lost-reasons', label: 'Lost reasons', owners: true },
  { href: '/account', label: 'Account' },
];

/** The section a path belongs to: itself or a page under it (`/inbox/order/or_…` is the inbox's); home only for `/`. */
function currentSection(pathname: string | undefined): string | null {
  if (pathname === undefined) return null;
  if (pathname === '/') return '/';
  const match = SECTIONS.find((section) => section.href !== '/' && (pathname === section.href || pathname.startsWith(`${section.href}/`) || pathname.startsWith(`${section.href}.`)));
  return match?.href ?? null;
}

function navigation(viewer: Viewer): SafeHtml {
  const owner = viewer.staff.role === 'owner';
  const current = currentSection(requestPath.getStore());
  return html`<nav class="sections" aria-label="Sections">
${SECTIONS.filter((section) => owner || !section.owners).map(
  (section) => html`<a href="${section.href}"${section.href === current ? html` aria-current="page"` : null}>${section.label}</a>\n`,
)}<form method="post" action="/sign-out" class="inline">${csrfField(viewer)}<button type="submit" class="link">Sign out</button></form>
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
<a class="skip-link" href="#main">Skip to the content</a>
<header class="site"><div class="wrap"><span class="shop-name">${page.shopName} · console</span>${page.viewer ? navigation(page.viewer) : null}</div></header>
<main class="wrap" id="main" tabindex="-1">
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

/** One problem of a form: its message, and the id of the field it is about (null: the form as a whole). */
export interface FieldProblem {
  field: string | null;
  message: string;
}

/** The id of the message under a field, which the field names in aria-describedby. */
function errorIdOf(field: string): string {
  return `${field}-error`;
}

/**
 * The summary above a form that was refused: every problem, each a link to its field (the field's
 * id), so a keyboard or screen-reader user lands on what to fix. Nothing when there is no problem.
 */
export function errorSummary(problems: readonly FieldProblem[]): SafeHtml | null {
  if (problems.length === 0) return null;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">${problems.length === 1 ? 'There is a problem' : `There are ${problems.length} problems`}</h2>
<ul>${problems.map((problem) => html`<li>${problem.field === null ? problem.message : html`<a href="#${problem.field}">${problem.message}</a>`}</li>`)}</ul>
</div>`;
}

/** The attributes a field carries while a problem is about it: invalid, and described by its message. */
export function fieldState(field: string, problems: readonly FieldProblem[]): SafeHtml | null {
  return problems.some((problem) => problem.field === field) ? html` aria-invalid="true" aria-describedby="${errorIdOf(field)}"` : null;
}

/** The message under a field (the first problem about it), with the id its aria-describedby names. */
export function fieldError(field: string, problems: readonly FieldProblem[]): SafeHtml | null {
  const problem = problems.find((entry) => entry.field === field);
  return problem ? html`<span class="field-error" id="${errorIdOf(field)}">${problem.message}</span>` : null;
}
