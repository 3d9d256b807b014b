// The order page behind a handoff link: every item as quoted, with its picture and a button to
// the page where it is checked and ordered.
import { PUBLIC_PATHS } from '@shop/contracts';
import type { QuotedItem } from '@shop/contracts';
import type { OrderPage, OrderPageItem } from '@shop/service';
import { formatCents, formatDate, formatLeadTime, unitRoundingNote, customerWords } from './format';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { renderPage } from './layout';
import { buildProductHref, hasExternalShop } from './links';
import type { CheckoutTarget } from './links';
import { FREIGHT_NOTE } from './order-request-page';

export interface OrderPageView {
  shopName: string;
  target: CheckoutTarget;
  page: OrderPage;
}

export function renderOrderPage(view: OrderPageView): string {
  const { page } = view;
  const count = page.items.length;
  // Without a shop of its own, the order is sent from this service's one form per link.
  const orderForm = !hasExternalShop(view.target) && page.items.some((entry) => entry.quoted !== null && !entry.expired);
  return renderPage({
    shopName: view.shopName,
    title: 'Your quoted order',
    main: html`<h1>Your quoted order</h1>
${page.plateOrders.notice === null ? null : html`<p class="notice warn" role="status" id="plate-orders-notice">${page.plateOrders.notice} Plate items can still be ordered through a quote request.</p>`}
<section class="notice" aria-label="How ordering works">
${orderForm
  ? html`<p><strong>Nothing is paid on this page.</strong> Order every item at today's firm price with one form: the order button is under the totals. The form, like each item's own page, prices the items again at the shop's prices in force today and shows any change since the quote; the order keeps the prices it was sent at.</p>`
  : html`<p><strong>Nothing is bought or paid on this page.</strong> Each button opens the item's own page, which prices it again at today's prices, so a price can move if the shop's prices changed since the quote.</p>`}
<p class="small">${count} ${count === 1 ? 'item' : 'items'}, quoted prices held until ${formatDate(page.handoff.expires_at)}.</p>
</section>
<ol class="items">
${page.items.map((entry) => renderItem(view, entry))}
</ol>
${page.totals === null ? null : html`<section class="card totals" aria-label="Quoted totals">
<h2>Quoted totals</h2>
<dl class="figures">
<div><dt>Subtotal (before HST)</dt><dd>${formatCents(page.totals.subtotalCents)}</dd></div>
<div><dt>HST 13% (Ontario)</dt><dd>${formatCents(page.totals.taxCents)}</dd></div>
<div class="total"><dt>Total with HST</dt><dd>${formatCents(page.totals.totalCents)}</dd></div>
</dl>
${page.totals.expiredItems === 0 ? null : html`<p class="small">${page.totals.expiredItems === 1 ? 'One item is' : `${page.totals.expiredItems} items are`} left out: ${page.totals.expiredItems === 1 ? 'its quote has' : 'their quotes have'} expired.</p>`}
<p class="small muted">${orderForm ? FREIGHT_NOTE : 'Freight is not included: it is priced at checkout or quoted by the shop after the order, as each item says.'}</p>
${orderForm ? renderOrderButton(page, page.totals.expiredItems === 0 ? (count === 1 ? 'this item' : `these ${count} items`) : 'the items still quoted') : null}
</section>`}
${orderForm && page.totals === null ? html`<p>${renderOrderButton(page, 'the items still quoted')}</p>` : null}`,
  });
}

function renderOrderButton(page: OrderPage, what: string): SafeHtml {
  return html`<a class="button" id="order" href="${PUBLIC_PATHS.orderRequestForm(page.handoff.id)}">Order ${what}</a>`;
}

function renderItem(view: OrderPageView, entry: OrderPageItem): SafeHtml {
  const { item, quoted } = entry;
  const heading = item.label ?? customerWords(item.description);
  if (quoted === null) {
    return html`<li class="card item">
<div class="item-body"><h2>${heading}</h2><p>${customerWords(item.description)}</p><p class="muted">This item's quote has been removed; ask for a new quote.</p></div>
</li>`;
  }
  if (entry.expired) {
    // The price no longer holds: shown as what it was, with no button to order at it.
    return html`<li class="card item expired">
<figure class="item-picture">${renderPicture(item.quote_id, quoted)}</figure>
<div class="item-body">
<h2>${heading}</h2>
${item.label === null ? null : html`<p class="description">${customerWords(item.description)}</p>`}
<p class="expired-note"><strong>This quote expired on ${formatDate(entry.expiresAt ?? '')}</strong>: its price of ${quoted.amount_cents === null ? 'the time' : formatCents(quoted.amount_cents)} no longer holds, and it cannot be ordered from here. Ask for a new quote.</p>
</div>
</li>`;
  }
  return html`<li class="card item">
<figure class="item-picture">${renderPicture(item.quote_id, quoted)}</figure>
<div class="item-body">
<h2>${heading}</h2>
${item.label === null ? null : html`<p class="description">${customerWords(item.description)}</p>`}
<dl class="figures">
<div><dt>Quantity</dt><dd>${quoted.quantity}</dd></div>
${quoted.unit_amount_cents === null ? null : html`<div><dt>Unit price</dt><dd>${formatCents(quoted.unit_amount_cents)}${renderRoundingNote(quoted)}</dd></div>`}
${quoted.amount_cents === null ? null : html`<div><dt>Amount (before HST)</dt><dd>${formatCents(quoted.amount_cents)}</dd></div>`}
<div><dt>Lead time</dt><dd>${formatLeadTime(quoted.lead_time)}${quoted.lead_time ? html` <span class="note">${quoted.lead_time.note}</span>` : null}</dd></div>
<div><dt>Delivery</dt><dd>${describeDelivery(view, quoted.delivery)}</dd></div>
</dl>
${renderButton(view, entry, quoted)}
</div>
</li>`;
}

/** Why unit x quantity misses the amount, when it does (a plate's unit price is rounded). */
function renderRoundingNote(quoted: QuotedItem): SafeHtml | null {
  if (quoted.unit_amount_cents === null || quoted.amount_cents === null) return null;
  const note = unitRoundingNote(quoted.unit_amount_cents, quoted.quantity, quoted.amount_cents);
  return note === null ? null : html` <span class="note">${note}</span>`;
}

function renderPicture(quoteId: string, quoted: QuotedItem): SafeHtml {
  if (quoted.kind === 'plate') {
    return quoted.plate?.preview_url
      ? html`<img src="${PUBLIC_PATHS.preview(quoteId, quoted.index)}" alt="Drawing: ${customerWords(quoted.description)}" width="320" height="240">`
      : html`<span class="muted">No drawing</span>`;
  }
  const slug = quoted.product?.slug ?? '';
  return html`<img src="${PUBLIC_PATHS.productImage(slug)}" alt="Picture: ${quoted.description}" width="320" height="240">`;
}

function renderButton(view: OrderPageView, entry: OrderPageItem, quoted: QuotedItem): SafeHtml | null {
  if (quoted.kind === 'plate') {
    if (entry.designId === null) return null;
    const words = hasExternalShop(view.target) ? 'Check and order this plate' : 'Check this plate';
    return html`<a class="button${hasExternalShop(view.target) ? '' : ' secondary'}" href="${PUBLIC_PATHS.plateQuoter(entry.designId)}">${words}</a>`;
  }
  if (quoted.product === null) return null;
  const href = buildProductHref(quoted.product.product_url, view.target.publicUrl, quoted.product.tier, quoted.quantity);
  return html`<a class="button" href="${href}">Open the product page</a>`;
}

/**
 * What happens to delivery, truthfully for this service: a quote kept before freight was said to be
 * quoted after the order still reads `priced_at_checkout` ("priced on the order page"), which only
 * an operator's own checkout can do.
 */
function describeDelivery(view: OrderPageView, delivery: QuotedItem['delivery']): string {
  if (delivery.status === 'priced_at_checkout') {
    return hasExternalShop(view.target) ? 'Delivery priced at checkout, or pick up.' : 'Pick up at the shop, or freight quoted by the shop after the order.';
  }
  if (delivery.note !== null) return delivery.note;
  return delivery.status === 'quoted_after_order' ? 'Freight quoted by the shop after the order.' : 'Nothing ships.';
}
