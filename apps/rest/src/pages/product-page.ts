// A catalog product: picture, what each tier includes, its price or "price on request", lead time.
// Opened from the order page at a tier and quantity, that tier is marked with the quoted amount.
import { PUBLIC_PATHS } from '@shop/contracts';
import type { LeadTime, Product, ProductTier } from '@shop/contracts';
import { formatCents } from './format';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { renderPage } from './layout';
import { buildProductHref } from './links';

export interface ProductChoice {
  tier: ProductTier['kind'];
  quantity: number;
}

export interface ProductPageView {
  shopName: string;
  publicUrl: string;
  product: Product;
  choice: ProductChoice | null;
  /** The lead time of the chosen tier at the chosen quantity, as its quote states it. */
  choiceLeadTime: LeadTime | null;
  /** True when this service is the shop: ordering goes through a quote request here. */
  ordersHere: boolean;
  /** The hidden field of the quote-request forms (see form-token.ts); null where they are not shown. */
  formToken: string | null;
}

/** Reads `?tier=kit&quantity=2`; anything else (or nothing) marks no tier. */
export function readProductChoice(query: Record<string, unknown>): ProductChoice | null {
  const tier = query.tier;
  if (tier !== 'design' && tier !== 'kit' && tier !== 'welded') return null;
  const raw = query.quantity === undefined ? '1' : String(query.quantity);
  if (!/^\d{1,2}$/.test(raw)) return null;
  const quantity = Number(raw);
  return quantity >= 1 && quantity <= 50 ? { tier, quantity } : null;
}

export function renderProductPage(view: ProductPageView): string {
  const { product } = view;
  return renderPage({
    shopName: view.shopName,
    title: product.name,
    main: html`<div class="product-head">
<figure class="card product-picture"><img src="${PUBLIC_PATHS.productImage(product.slug)}" alt="Drawing of the ${product.name}" width="480" height="360"></figure>
<div>
<p class="division">${product.division}</p>
<h1>${product.name}</h1>
<p class="blurb">${product.blurb}</p>
${product.certification_note ? html`<p class="small">${product.certification_note}</p>` : null}
<p class="small muted">Prices are before HST (13%, Ontario). Freight on a kit or a welded unit is quoted after the order.</p>
</div>
</div>
<h2>Choose a tier</h2>
<ul class="tiers">
${product.tiers.map((tier) => renderTier(view, tier))}
</ul>`,
  });
}

function renderTier(view: ProductPageView, tier: ProductTier): SafeHtml {
  const chosen = view.choice?.tier === tier.kind ? view.choice : null;
  const quantity = chosen?.quantity ?? 1;
  return html`<li class="card tier${chosen ? ' chosen' : ''}" id="tier-${tier.kind}"${chosen ? html` aria-current="true"` : null}>
${chosen ? html`<p class="badge">Your quoted choice</p>` : null}
<h3>${tier.label}</h3>
<ul class="includes">${tier.includes.map((line) => html`<li>${line}</li>`)}</ul>
<p class="tier-price">${tier.unit_amount_cents === null ? 'Price on request' : html`${formatCents(tier.unit_amount_cents)} <span class="small muted">each, before HST</span>`}</p>
${chosen && tier.unit_amount_cents !== null
  ? html`<p class="chosen-amount">Quantity ${chosen.quantity}: <strong>${formatCents(tier.unit_amount_cents * chosen.quantity)}</strong> before HST</p>`
  : chosen
    ? html`<p class="chosen-amount">Quantity ${chosen.quantity}</p>`
    : null}
<p class="small">${describeLeadTime(tier, chosen ? view.choiceLeadTime : null, quantity)}</p>
${renderOrder(view, tier, quantity)}
</li>`;
}

/** One unit's lead time, or the chosen quantity's (more units take longer). */
function describeLeadTime(tier: ProductTier, chosen: LeadTime | null, quantity: number): string {
  if (tier.lead_time_days === null) return 'Lead time confirmed with the quote';
  const days = chosen?.days_max ?? tier.lead_time_days;
  const span = `about ${days} business ${days === 1 ? 'day' : 'days'}`;
  return chosen && quantity > 1 ? `Lead time for ${quantity}: ${span}` : `Lead time: ${span}`;
}

function renderOrder(view: ProductPageView, tier: ProductTier, quantity: number): SafeHtml {
  if (!view.ordersHere) {
    const href = buildProductHref(view.product.product_url, view.publicUrl, tier.kind, quantity);
    return html`<a class="button secondary" href="${href}">Order at the shop</a>`;
  }
  const max = tier.kind === 'design' ? 1 : 50;
  return html`<form method="post" action="${PUBLIC_PATHS.productQuoteRequest(view.product.slug)}" class="tier-order">
<input type="hidden" name="form_token" value="${view.formToken}">
<input type="hidden" name="tier" value="${tier.kind}">
<label class="small" for="qty-${tier.kind}">Quantity</label>
<div class="inline">
<input id="qty-${tier.kind}" name="quantity" type="number" inputmode="numeric" min="1" max="${max}" step="1" required value="${Math.min(quantity, max)}">
<button type="submit" class="button${view.choice?.tier === tier.kind ? '' : ' secondary'}">Request ${tier.unit_amount_cents === null ? 'a price' : 'this'}</button>
</div>
</form>`;
}
