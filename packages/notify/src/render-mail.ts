// The mail the shop gets for a new request in the inbox: the job and a link to its page in the
// console. Contact details stay in the console; the mail names the person and nothing more.
import escapeHtml from 'escape-html';
import type { EventOf, RequestEvent } from './events';
import { cleanMultiLine, cleanSingleLine } from './text';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const SUBJECT_JOB_CHARS = 60;

/** `{consoleUrl}/inbox/{kind}/{id}`, the request's page (`quote` for an rfq submission, `order` for an order request). */
export function inboxUrl(consoleUrl: string, kind: 'quote' | 'order', id: string): string {
  return `${consoleUrl.replace(/\/+$/, '')}/inbox/${kind}/${encodeURIComponent(id)}`;
}

/**
 * The console's page of the request a mail is about. An order request is reached through the
 * notification's row (`/notifications/{row id}/request`, for the signed-in only): its own id is the
 * address of the customer's confirmation page, which no mail carries.
 */
export function requestUrl(consoleUrl: string, event: RequestEvent, rowId: string): string {
  if (event.type === 'rfq_submission.created') return inboxUrl(consoleUrl, 'quote', event.data.id);
  return `${consoleUrl.replace(/\/+$/, '')}/notifications/${encodeURIComponent(rowId)}/request`;
}

/** `rowId`: the outbox row the mail is sent for (its link to an order request goes through it). */
export function renderRequestMail(event: RequestEvent, consoleUrl: string, rowId: string): RenderedMail {
  const link = requestUrl(consoleUrl, event, rowId);
  return event.type === 'rfq_submission.created' ? renderRfqMail(event, link) : renderOrderMail(event, link);
}

function renderRfqMail({ data }: EventOf<'rfq_submission.created'>, link: string): RenderedMail {
  const name = cleanSingleLine(data.name);
  const facts: [string, string][] = [];
  if (data.material !== null) facts.push(['Material', data.material]);
  if (data.thickness_in !== null) facts.push(['Thickness', `${data.thickness_in} in`]);
  if (data.quantity !== null) facts.push(['Quantity', String(data.quantity)]);
  const text = [
    `New quote request from ${name}.`,
    '',
    'Job:',
    cleanMultiLine(data.description),
    ...(facts.length > 0 ? ['', ...facts.map(([key, value]) => `${key}: ${value}`)] : []),
    '',
    `Open it in the console: ${link}`,
    '',
  ].join('\n');
  const html = page([
    `<p>New quote request from <strong>${escapeHtml(name)}</strong>.</p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(data.description)}</p>`,
    facts.length > 0 ? `<table>${facts.map(([key, value]) => `<tr><th align="left">${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` : '',
    `<p><a href="${escapeHtml(link)}">Open the request in the console</a></p>`,
  ]);
  return { subject: `New quote request: ${oneLine(data.description, SUBJECT_JOB_CHARS)}`, text, html };
}

function renderOrderMail({ data }: EventOf<'order_request.created'>, link: string): RenderedMail {
  const name = cleanSingleLine(data.name);
  const how = data.fulfilment === 'pickup' ? 'Pickup at the shop.' : 'Delivery: freight to be quoted.';
  const lines = data.items.map(
    (item) => `${item.quantity} x ${cleanSingleLine(item.description)} (${itemReference(item.quote_id, item.index)}): ${formatCad(item.unit_amount_cents)} each, ${formatCad(item.amount_cents)}`,
  );
  const subtotal = `${formatCad(data.amount_subtotal_cents)} before HST`;
  // The one rule the customer read on the order page and form (DESIGN 9.2).
  const rule = "Prices: the shop's firm prices on the day the order was sent, kept with the request.";
  const text = [
    `New order request ${data.reference} from ${name}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${subtotal}`,
    rule,
    how,
    '',
    `Open it in the console: ${link}`,
    '',
  ].join('\n');
  const rows = data.items
    .map(
      (item) =>
        `<tr><td align="right">${item.quantity}</td><td>${escapeHtml(item.description)}<br><small>${escapeHtml(itemReference(item.quote_id, item.index))}</small></td>` +
        `<td align="right">${formatCad(item.unit_amount_cents)}</td><td align="right">${formatCad(item.amount_cents)}</td></tr>`,
    )
    .join('');
  const html = page([
    `<p>New order request <strong>${escapeHtml(data.reference)}</strong> from <strong>${escapeHtml(name)}</strong>.</p>`,
    `<table><tr><th>Qty</th><th align="left">Item</th><th>Each</th><th>Amount</th></tr>${rows}</table>`,
    `<p>Subtotal: ${escapeHtml(subtotal)}<br>${escapeHtml(rule)}<br>${escapeHtml(how)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the request in the console</a></p>`,
  ]);
  const count = data.items.length === 1 ? '1 item' : `${data.items.length} items`;
  return { subject: `New order request ${data.reference}: ${count}, ${subtotal}`, text, html };
}

/**
 * An item as people read it, the same in the customer's confirmation and the console: counted from 1
 * ("q_abc, item 1"), while `index` keeps the API's place from 0.
 */
export function itemReference(quoteId: string, index: number): string {
  return `${quoteId}, item ${index + 1}`;
}

/**
 * One mail for the requests held past the shop's hourly cap (NOTIFY_DIGEST_AFTER): each request's
 * kind, who sent it, its job or items in a line, and its page in the console.
 */
export function renderDigestMail(entries: ReadonlyArray<{ rowId: string; event: RequestEvent }>, consoleUrl: string, since: Date, after: number): RenderedMail {
  const events = entries.map((entry) => entry.event);
  const lines = entries.map(({ rowId, event }) => {
    const link = requestUrl(consoleUrl, event, rowId);
    if (event.type === 'rfq_submission.created') {
      return { what: `Quote request from ${cleanSingleLine(event.data.name)}`, detail: oneLine(event.data.description, 80), link };
    }
    const count = event.data.items.length === 1 ? '1 item' : `${event.data.items.length} items`;
    return { what: `Order request ${event.data.reference} from ${cleanSingleLine(event.data.name)}`, detail: `${count}, ${formatCad(event.data.amount_subtotal_cents)} before HST`, link };
  });
  const count = events.length === 1 ? '1 new request' : `${events.length} new requests`;
  const why = `More than ${after} requests came in within an hour, so the rest are listed here in one mail (NOTIFY_DIGEST_AFTER); every request is kept in the inbox.`;
  const text = [`${count} since ${since.toISOString().slice(11, 16)} UTC.`, why, '', ...lines.flatMap((line) => [`${line.what}: ${line.detail}`, `  ${line.link}`]), ''].join('\n');
  const html = page([
    `<p><strong>${escapeHtml(count)}</strong> since ${escapeHtml(since.toISOString().slice(11, 16))} UTC.</p>`,
    `<p>${escapeHtml(why)}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line.what)}: ${escapeHtml(line.detail)} (<a href="${escapeHtml(line.link)}">open</a>)</li>`).join('')}</ul>`,
  ]);
  return { subject: `Digest: ${count} in the inbox`, text, html };
}

function page(parts: string[]): string {
  return `<!doctype html><html><body style="font-family:sans-serif">${parts.filter(Boolean).join('\n')}</body></html>\n`;
}

/** Controls and bidi controls out (cleanSingleLine), cut after a whole word to `max` characters with an ellipsis. */
function oneLine(text: string, max: number): string {
  const flat = cleanSingleLine(text);
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max - 1)).trimEnd()}…`;
}

/** 123456 -> "$1,234.56", from integer cents without floating point. */
export function formatCad(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const whole = BigInt(Math.abs(cents));
  const dollars = (whole / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${(whole % 100n).toString().padStart(2, '0')}`;
}
