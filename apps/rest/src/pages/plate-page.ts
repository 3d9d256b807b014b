// The plate quoter: the stored design drawn large with its figures, the quantity editable and
// priced again at today's prices, and the way to order.
import { BOUNDS, PUBLIC_PATHS } from '@shop/contracts';
import type { PriceDisplay } from '@shop/contracts';
import type { PlateQuoterPage, PlateReprice } from '@shop/service';
import { customerWords, formatCents, formatChange, formatExtents, formatInches, formatLeadTime, formatPounds, formatThickness, unitRoundingNote } from './format';
import { html, trustedMarkup } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { renderPage } from './layout';
import { buildPlateCheckoutUrl, hasExternalShop } from './links';
import type { CheckoutTarget } from './links';

/** Today's price as text, the same for the page and for the script's JSON. */
export interface PlatePageView {
  shopName: string;
  target: CheckoutTarget;
  page: PlateQuoterPage;
  reprice: PlateReprice | null;
  /** The quantity typed when it could not be used, with why. */
  quantityError: { value: string; message: string } | null;
  /** The hidden field of the quote-request form (see form-token.ts). */
  formToken: string;
}

export function describePrice(target: CheckoutTarget, designId: string, reprice: PlateReprice): PriceDisplay {
  const { item, quoted } = reprice;
  const quotedCodes = new Set(quoted.issues.map((issue) => issue.code));
  const priced = item.amount_cents !== null;
  return {
    quantity: reprice.quantity,
    unit: item.unit_amount_cents === null ? 'Not priced' : formatCents(item.unit_amount_cents),
    unitNote: item.unit_amount_cents === null || item.amount_cents === null ? '' : (unitRoundingNote(item.unit_amount_cents, reprice.quantity, item.amount_cents) ?? ''),
    amount: item.amount_cents === null ? 'Not priced' : formatCents(item.amount_cents),
    tax: reprice.taxCents === null ? '-' : formatCents(reprice.taxCents),
    total: item.amount_cents === null || reprice.taxCents === null ? '-' : formatCents(item.amount_cents + reprice.taxCents),
    leadTime: formatLeadTime(item.lead_time),
    leadTimeNote: item.lead_time?.note ?? '',
    change:
      reprice.changeSinceQuoteCents === null
        ? 'Cannot be compared'
        : reprice.changeSinceQuoteCents === 0
          ? `No change since the quote (${quoted.quantity} pcs)`
          : `${formatChange(reprice.changeSinceQuoteCents)} since the quote (${quoted.quantity} pcs)`,
    notes: item.issues.filter((issue) => issue.severity === 'blocking' || !quotedCodes.has(issue.code)).map((issue) => issue.message),
    checkoutHref: priced && hasExternalShop(target) ? buildPlateCheckoutUrl(target, designId, reprice.quantity) : null,
  };
}

export function renderPlatePage(view: PlatePageView): string {
  const { design, expired, svg } = view.page;
  const quoted = design.quoted;
  const plate = quoted.plate;
  const heading = quoted.label ?? 'Plate';
  const price = view.reprice === null ? null : describePrice(view.target, design.id, view.reprice);
  const quantityValue = view.quantityError?.value ?? String(price?.quantity ?? quoted.quantity);
  const bends = design.item.bends;
  return renderPage({
    shopName: view.shopName,
    title: heading,
    scripts: ['plate-quoter.js'],
    main: html`<p class="crumb"><a href="${PUBLIC_PATHS.order(design.handoff_id)}">Back to the order</a></p>
<h1>${heading}</h1>
<p class="description">${customerWords(quoted.description)}</p>
${view.page.plateOrders.notice === null ? null : html`<p class="notice warn" role="status" id="plate-orders-notice">${view.page.plateOrders.notice} The price below is for reference; a quote request is the way to order this plate meanwhile.</p>`}
${expired ? html`<p class="notice warn">The quote this plate came from expired. It is still shown here and priced at today's prices.</p>` : null}
<div class="plate-layout">
<figure class="card drawing" aria-label="Drawing of the plate">${trustedMarkup(svg)}</figure>
<section class="card specs" aria-label="The plate">
<h2>The plate</h2>
<dl class="figures">
<div><dt>Material</dt><dd>${view.page.materialName}</dd></div>
<div><dt>Thickness</dt><dd>${formatThickness(design.item.thickness_in)}</dd></div>
${plate === null ? null : html`<div><dt>Extents</dt><dd>${formatExtents(plate.width_in, plate.height_in)}</dd></div>
<div><dt>Weight, one piece</dt><dd>${plate.weight_lb === null ? '-' : formatPounds(plate.weight_lb)}</dd></div>
<div><dt>Cut length, one piece</dt><dd>${plate.cut_length_in === null ? '-' : formatInches(plate.cut_length_in)}</dd></div>
<div><dt>Holes</dt><dd>${plate.hole_count}</dd></div>
<div><dt>Slots</dt><dd>${plate.slot_count}</dd></div>`}
<div><dt>Cut-outs</dt><dd>${design.item.cutouts.length === 0 ? 'None' : design.item.cutouts.length}</dd></div>
<div><dt>Bends</dt><dd>${bends.length === 0 ? 'None' : bends.map((b, i) => html`${i > 0 ? ', ' : ''}${b.angle_deg}° ${b.direction}`)}</dd></div>
</dl>
<h3>Manufacturing notes</h3>
${quoted.issues.length === 0
  ? html`<p class="muted">None: the part can be made as drawn.</p>`
  : html`<ul class="issues">${quoted.issues.map((issue) => html`<li class="issue ${issue.severity}"><span class="severity">${issue.severity}</span> ${issue.message}</li>`)}</ul>`}
</section>
</div>
<section class="card price" aria-label="Price today" id="price" data-design="${design.id}">
<h2>Price today</h2>
${quoted.amount_cents === null ? null : html`<p class="small muted">Quoted: ${formatCents(quoted.amount_cents)} for ${quoted.quantity} pcs before HST. The price below is worked out again now, by the same pricing as the quote.</p>`}
<form class="quantity-form" method="get" action="${PUBLIC_PATHS.plateQuoter(design.id)}">
<label for="quantity">Quantity</label>
<div class="inline">
<input id="quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${BOUNDS.plateQuantity}" step="1" required value="${quantityValue}"${view.quantityError ? html` aria-invalid="true" aria-describedby="quantity-error"` : null}>
<button type="submit" class="secondary">Update price</button>
</div>
${view.quantityError ? html`<p class="field-error" id="quantity-error">${view.quantityError.message}</p>` : null}
</form>
${price === null ? null : renderPriceFigures(price)}
</section>
${renderOrderBox(view, design.id, price)}`,
  });
}

function renderPriceFigures(price: PriceDisplay): SafeHtml {
  return html`<dl class="figures" aria-live="polite">
<div><dt>Unit price</dt><dd><span data-field="unit">${price.unit}</span> <span class="note" data-field="unitNote">${price.unitNote}</span></dd></div>
<div><dt>Amount (before HST)</dt><dd data-field="amount">${price.amount}</dd></div>
<div><dt>HST 13% (Ontario)</dt><dd data-field="tax">${price.tax}</dd></div>
<div class="total"><dt>Total with HST</dt><dd data-field="total">${price.total}</dd></div>
<div><dt>Lead time</dt><dd><span data-field="leadTime">${price.leadTime}</span> <span class="note" data-field="leadTimeNote">${price.leadTimeNote}</span></dd></div>
<div><dt>Compared with the quote</dt><dd data-field="change">${price.change}</dd></div>
</dl>
<ul class="issues" data-field="notes">${price.notes.map((note) => html`<li class="issue info">${note}</li>`)}</ul>`;
}

function renderOrderBox(view: PlatePageView, designId: string, price: PriceDisplay | null): SafeHtml {
  const quantity = price?.quantity ?? view.page.design.quoted.quantity;
  if (hasExternalShop(view.target)) {
    return html`<section class="card order" aria-label="Order">
<h2>Order</h2>
<p>Nothing is paid here. The shop's checkout prices the plate again and takes the order.</p>
${price?.checkoutHref
  ? html`<a class="button" id="checkout" href="${price.checkoutHref}">Order ${quantity} at the shop's checkout</a>`
  : html`<p class="muted">This quantity cannot be ordered online; change it or ask the shop.</p>`}
</section>`;
  }
  const { design, expired } = view.page;
  const quoted = design.quoted;
  // The order form prices the quoted quantity again at today's prices: the same figure said here.
  const todayAtQuoted = quoted.amount_cents === null || view.reprice?.changeSinceQuoteCents == null ? null : quoted.amount_cents + view.reprice.changeSinceQuoteCents;
  const orderable = !expired && todayAtQuoted !== null && view.page.plateOrders.notice === null;
  return html`<section class="card order" aria-label="Order">
<h2>Order</h2>
${!orderable
  ? null
  : html`<p>Order ${quoted.quantity} pcs at today's firm price, ${formatCents(todayAtQuoted)} before HST, with the rest of its order on one form: pickup, or delivery with freight quoted after the order. The order keeps the price it is sent at. Nothing is paid here.</p>
<a class="button" id="order" href="${PUBLIC_PATHS.orderRequestForm(design.handoff_id)}">Order ${quoted.quantity} pcs at today's price</a>
<h3>Another quantity</h3>`}
<p>Send this plate to the shop as a quote request${!orderable ? '' : ' at the quantity above'}: you add your name and how to reach you, and the shop replies with the price. Nothing is paid here.</p>
<form method="post" action="${PUBLIC_PATHS.plateQuoteRequest(designId)}">
<input type="hidden" name="form_token" value="${view.formToken}">
<input type="hidden" name="quantity" value="${quantity}" data-field="orderQuantity">
<button type="submit" class="button${!orderable ? '' : ' secondary'}">Request this plate (<span data-field="orderCount">${quantity}</span> pcs)</button>
</form>
</section>`;
}
