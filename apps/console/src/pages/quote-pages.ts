// The quotes list with its filters, a quote's page (items, drawings, the handoffs naming it), and the
// handoffs list.
import { MATERIAL_IDS, type QuotedItem } from '@shop/contracts';
import { html, type SafeHtml } from '@shop/runtime';
import { writeListCursor, type ListPage, type QuoteSource, type QuoteSummary } from '@shop/storage';
import { FILTER_FIELDS, type FilterProblem, type HandoffView, type QuoteDetail, type QuoteFilterForm } from '../quotes';
import { notice, renderConsolePage, when, type Viewer } from './layout';
import { materialLabel } from './staff-words';

const SOURCE_LABELS: Record<QuoteSource, string> = { rest: 'REST', mcp: 'MCP', page: 'Page' };
const STATUS_LABELS = { ready: 'Ready', blocked: 'Blocked', expired: 'Expired' } as const;

/** Whole cents as dollars, e.g. 123456 -> $1,234.56 (integer arithmetic). */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}$${whole.toLocaleString('en-CA')}.${rest}`;
}

const money = (cents: number | null): string => (cents === null ? '—' : dollars(cents));
const sourceLabel = (source: QuoteSource | null): string => (source === null ? '—' : SOURCE_LABELS[source]);
const quoteHref = (id: string) => `/quotes/${encodeURIComponent(id)}`;

function nextLink(base: string, params: URLSearchParams, page: ListPage<unknown>): SafeHtml | null {
  if (!page.next) return null;
  const next = new URLSearchParams(params);
  next.set('after', writeListCursor(page.next));
  return html`<p><a href="${base}?${next.toString()}" rel="next">Next page</a></p>`;
}

function option(value: string, label: string, chosen: string): SafeHtml {
  return html`<option value="${value}"${value === chosen ? html` selected` : null}>${label}</option>`;
}

export function renderQuotesPage(shopName: string, viewer: Viewer, form: QuoteFilterForm, problems: FilterProblem[], page: ListPage<QuoteSummary>, now: Date): string {
  const kept = new URLSearchParams(FILTER_FIELDS.flatMap((field): Array<[string, string]> => (form[field] ? [[field, form[field]]] : [])));
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Quotes',
    main: html`<form method="get" action="/quotes" class="card filters">
<label>From <input type="date" name="from" value="${form.from}"></label>
<label>To <input type="date" name="to" value="${form.to}"></label>
<label>Status <select name="status">${option('', 'Any', form.status)}${option('in_force', 'In force', form.status)}${option('expired', 'Expired', form.status)}</select></label>
<label>Material <select name="material">${option('', 'Any', form.material)}${MATERIAL_IDS.map((id) => option(id, materialLabel(id), form.material))}</select></label>
<label>Total from ($) <input type="text" inputmode="decimal" name="min" value="${form.min}" size="8"></label>
<label>to ($) <input type="text" inputmode="decimal" name="max" value="${form.max}" size="8"></label>
<label>Source <select name="source">${option('', 'Any', form.source)}${option('rest', 'REST', form.source)}${option('mcp', 'MCP', form.source)}${option('page', 'Page', form.source)}${option('unknown', 'Unknown', form.source)}</select></label>
<button type="submit">Show</button>
</form>
<p class="hint">Days are the shop's (Toronto); totals include HST. Quotes kept before the source, totals and materials were recorded show — and match no filter on them.</p>
${problems.map((problem) => notice('error', problem.message))}
${page.rows.length === 0
  ? html`<p>No quotes match.</p>`
  : html`<table class="list quotes">
<thead><tr><th>Quote</th><th>Made</th><th>Source</th><th>Items</th><th>Materials</th><th>Total with HST</th><th>Expires</th></tr></thead>
<tbody>${page.rows.map((row) => html`<tr><td data-label="Quote"><a href="${quoteHref(row.id)}">${row.id}</a></td><td data-label="Made">${when(row.createdAt)}</td><td data-label="Source">${sourceLabel(row.source)}</td><td data-label="Items">${row.itemCount ?? '—'}</td><td data-label="Materials">${row.materials === null ? '—' : row.materials.map(materialLabel).join(', ')}</td><td data-label="Total">${money(row.totalCents)}</td><td data-label="Expires">${when(row.expiresAt)}${row.expiresAt.getTime() < now.getTime() ? ' (expired)' : ''}</td></tr>`)}</tbody>
</table>`}
${nextLink('/quotes', kept, page)}`,
  });
}

function itemRow(quoteId: string, item: QuotedItem): SafeHtml {
  const base = `${quoteHref(quoteId)}/items/${item.index}`;
  const drawn = item.kind === 'plate' && item.status === 'ready';
  return html`<tr>
<td data-label="#">${item.index + 1}</td>
<td data-label="Item">${item.description}${item.label ? html`<br><span class="hint">${item.label}</span>` : null}${item.status === 'blocked' ? html`<br><strong>Blocked:</strong> ${item.issues.filter((issue) => issue.severity === 'blocking').map((issue) => issue.message).join(' ')}` : null}</td>
<td data-label="Quantity">${item.quantity}</td>
<td data-label="Unit">${money(item.unit_amount_cents)}</td>
<td data-label="Amount">${money(item.amount_cents)}</td>
<td data-label="Drawing">${drawn ? html`<img src="${base}/preview.svg" alt="Drawing of item ${item.index + 1}" class="preview" width="240"><br><a href="${base}/drawing.dxf">drawing.dxf</a>` : '—'}</td>
</tr>`;
}

function handoffRows(views: HandoffView[], withQuotes: boolean): SafeHtml {
  return html`<table class="list handoffs">
<thead><tr><th>Order link</th><th>Made</th><th>Items</th>${withQuotes ? html`<th>Quotes</th>` : null}<th>Expires</th><th>Page opened</th></tr></thead>
<tbody>${views.map(({ summary, handoff }) => html`<tr><td data-label="Order link">${summary.id}</td><td data-label="Made">${when(summary.createdAt)}</td><td data-label="Items">${handoff.items.length}: ${handoff.items.map((item) => item.description).join('; ')}</td>${withQuotes ? html`<td data-label="Quotes">${[...new Set(handoff.items.map((item) => item.quote_id))].map((id, i) => html`${i > 0 ? ', ' : ''}<a href="${quoteHref(id)}">${id}</a>`)}</td>` : null}<td data-label="Expires">${when(summary.expiresAt)}</td><td data-label="Opened">${summary.opens === 1 ? '1 time' : `${summary.opens} times`}</td></tr>`)}</tbody>
</table>`;
}

export function renderQuotePage(shopName: string, viewer: Viewer, detail: QuoteDetail): string {
  const { quote, summary, handoffs } = detail;
  return renderConsolePage({
    shopName,
    viewer,
    title: `Quote ${quote.id}`,
    main: html`<p><a href="/quotes">← Quotes</a></p>
<dl class="facts">
<dt>Status</dt><dd>${STATUS_LABELS[quote.status]}</dd>
<dt>Made</dt><dd>${when(summary.createdAt)}</dd>
<dt>Source</dt><dd>${sourceLabel(summary.source)}</dd>
<dt>Expires</dt><dd>${when(summary.expiresAt)}</dd>
<dt>Subtotal</dt><dd>${money(quote.amount_subtotal_cents)}</dd>
<dt>HST</dt><dd>${money(quote.amount_tax_cents)}</dd>
<dt>Total</dt><dd>${money(quote.amount_total_cents)}</dd>
<dt>Price book</dt><dd>${quote.price_book}</dd>
</dl>
<h2>Items</h2>
<table class="list items">
<thead><tr><th>#</th><th>Item</th><th>Quantity</th><th>Unit</th><th>Amount</th><th>Drawing</th></tr></thead>
<tbody>${quote.items.map((item) => itemRow(quote.id, item))}</tbody>
</table>
<h2>Order links naming it</h2>
${handoffs.length === 0 ? html`<p>No order link names this quote.</p>` : handoffRows(handoffs, false)}`,
  });
}

export function renderHandoffsPage(shopName: string, viewer: Viewer, page: ListPage<HandoffView>): string {
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Order links',
    main: html`<p class="hint">"Page opened" counts each time the order page was served: link previews and bots count too.</p>
${page.rows.length === 0 ? html`<p>No order links yet.</p>` : handoffRows(page.rows, true)}
${nextLink('/handoffs', new URLSearchParams(), page)}`,
  });
}
