// The way in from a drawing: the upload form, and the part the drawing gave with its material,
// thickness and quantity to choose, priced, and ordered. Plain forms: it all works without a script.
import { BOUNDS, PUBLIC_PATHS } from '@shop/contracts';
import type { Material, PlateImport } from '@shop/contracts';
import type { ImportQuoterPage } from '@shop/service';
import { formatCents, formatCount, formatExtents, formatExtentsMm, formatLeadTime, unitRoundingNote } from './format';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { renderPage } from './layout';
import { importQuoteRequestPath } from './links';

export interface UploadFormView {
  shopName: string;
  /** What went wrong with the last file, in words. */
  error: string | null;
  units: string;
  /** The hidden field that ties the form to this browser (see form-token.ts). */
  formToken: string;
}

const UNIT_CHOICES = [
  ['', 'As the drawing says'],
  ['in', 'Inches'],
  ['mm', 'Millimetres'],
] as const;

const UNIT_WORDS: Record<PlateImport['units'], string> = { in: 'inches', mm: 'millimetres', cm: 'centimetres', m: 'metres', ft: 'feet' };

export function renderUploadPage(view: UploadFormView): string {
  return renderPage({
    shopName: view.shopName,
    title: 'Quote a part from its drawing',
    main: html`<h1>Quote a part from its drawing</h1>
<p>Send a DXF file of one flat part, drawn full size: the part's outline, its holes and cut-outs, and any bend lines on a layer named BEND. Text, dimensions and title blocks are listed, never cut.</p>
<form class="card upload" method="post" action="${PUBLIC_PATHS.plateUpload()}" enctype="multipart/form-data">
<input type="hidden" name="form_token" value="${view.formToken}">
<label for="drawing">Drawing (ASCII DXF, up to 5 MB)</label>
<input id="drawing" name="drawing" type="file" accept=".dxf,application/dxf,image/vnd.dxf" required${view.error ? html` aria-invalid="true" aria-describedby="upload-error"` : null}>
<fieldset class="choices">
<legend>Units the drawing was made in</legend>
${UNIT_CHOICES.map(([value, label]) => html`<label class="choice"><input type="radio" name="units" value="${value}"${view.units === value ? html` checked` : null}><span>${label}</span></label>`)}
</fieldset>
${view.error ? html`<p class="field-error" id="upload-error" role="alert">${view.error}</p>` : null}
<button type="submit" class="button">Read the drawing</button>
</form>
<p class="small muted">Saved as DWG or binary DXF? Save it again as ASCII DXF (R12 or later) from your CAD program.</p>`,
  });
}

export interface ImportQuoterView {
  shopName: string;
  page: ImportQuoterPage;
  materials: readonly Material[];
  /** The choice typed when it could not be used, with why. */
  choiceError: string | null;
  /** The hidden field of the order form (see form-token.ts). */
  formToken: string;
}

const stockValue = (material: string, thickness: number) => `${material}|${thickness}`;

/** "Mild steel (A36 / CSA G40.21 44W)" -> "Mild steel": the name a person picks by. */
const shortName = (material: Material) => material.name.replace(/\s*\(.*\)\s*$/, '');

/** While a contour is open the part's outline is not known: what the import measured may be a hole. */
const outlineOpen = (plateImport: PlateImport) => plateImport.issues.some((issue) => issue.code === 'dxf_open_contour');

/** The part's size as the drawing gave it, in millimetres too when it was drawn in them. */
function describeSize(plateImport: PlateImport): string {
  const inches = formatExtents(plateImport.width_in, plateImport.height_in);
  return plateImport.units === 'mm' ? `${formatExtentsMm(plateImport.width_in, plateImport.height_in)} (${inches})` : inches;
}

export function renderImportQuoterPage(view: ImportQuoterView): string {
  const { plateImport, choice, item } = view.page;
  const blocking = plateImport.issues.filter((issue) => issue.severity === 'blocking');
  const chosen = choice ? stockValue(choice.material, choice.thickness_in) : null;
  const quantity = choice?.quantity ?? 1;
  const title = plateImport.filename ?? 'Your part';
  const open = outlineOpen(plateImport);
  const unitsSuspect = plateImport.issues.some((issue) => issue.code === 'dxf_units_suspect');
  return renderPage({
    shopName: view.shopName,
    title,
    main: html`<p class="crumb"><a href="${PUBLIC_PATHS.plateUpload()}">Another drawing</a></p>
<h1>${title}</h1>
${view.page.plateOrders.notice === null ? null : html`<p class="notice warn" role="status" id="plate-orders-notice">${view.page.plateOrders.notice} A quote request is the way to order this part meanwhile: <a href="#quote-request">request a quote for it</a>.</p>`}
<div class="plate-layout">
${plateImport.preview_url === null
  ? null
  : html`<figure class="card drawing"><img src="${PUBLIC_PATHS.importPreview(plateImport.id)}" alt="Drawing of the part as read from ${title}" width="640" height="480"></figure>`}
<section class="card specs" aria-label="What the drawing gave">
<h2>What the drawing gave</h2>
<dl class="figures">
<div><dt>Size</dt><dd>${open ? 'Not known: the outline is not closed' : describeSize(plateImport)}</dd></div>
<div><dt>Read in</dt><dd>${UNIT_WORDS[plateImport.units]}</dd></div>
${open
  ? null
  : html`<div><dt>Round holes</dt><dd>${plateImport.counts.holes}</dd></div>
<div><dt>Cut-outs</dt><dd>${plateImport.counts.cutouts}</dd></div>`}
<div><dt>Bends</dt><dd>${plateImport.counts.bends}</dd></div>
</dl>
${plateImport.ignored.length === 0 ? null : html`<h3>Not cut</h3><ul class="ignored">${plateImport.ignored.map((group) => html`<li>${group.count} ${group.type} on layer ${group.layer}: ${group.note}</li>`)}</ul>`}
${plateImport.issues.length === 0 ? null : html`<h3>About the drawing</h3><ul class="issues">${plateImport.issues.map((issue) => html`<li class="issue ${issue.severity}"><span class="severity">${issue.severity}</span> ${issue.message}</li>`)}</ul>`}
${unitsSuspect ? html`<p class="notice warn small" id="units-hint">The size suggests the units are off by 25.4: <a href="${PUBLIC_PATHS.plateUpload()}">send the drawing again</a> choosing inches or millimetres.</p>` : null}
</section>
</div>
${blocking.length > 0
  ? html`<section class="card notice warn" aria-label="Cannot be cut"><h2>Cannot be cut as drawn</h2><p>Fix the drawing as the notes above say and send it again.</p></section>`
  : html`<section class="card price" aria-label="Price" id="price">
<h2>Material, thickness and quantity</h2>
<form class="choice-form" method="get" action="${PUBLIC_PATHS.plateImportQuoter(plateImport.id)}">
<label for="stock">Material and thickness</label>
<select id="stock" name="stock" required>
<option value="">Choose the material and thickness</option>
${view.materials.map((material) => html`<optgroup label="${shortName(material)}">${material.thicknesses
  .filter((offer) => offer.thickness_in <= material.max_laser_thickness_in)
  .map((offer) => html`<option value="${stockValue(material.id, offer.thickness_in)}"${chosen === stockValue(material.id, offer.thickness_in) ? html` selected` : null}>${shortName(material)}, ${offer.label}${offer.carried ? '' : ' (not stocked)'}</option>`)}</optgroup>`)}
</select>
<label for="quantity">Quantity</label>
<div class="inline">
<input id="quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${BOUNDS.plateQuantity}" step="1" required value="${quantity}">
<button type="submit" class="secondary">Price it</button>
</div>
${view.choiceError ? html`<p class="field-error" role="alert">${view.choiceError}</p>` : null}
</form>
${item === null || choice === null ? null : renderPriced(view, item, chosen!, quantity)}
</section>`}
${view.page.plateOrders.open || blocking.length > 0 ? null : renderQuoteRequest(view, chosen, quantity)}`,
  });
}

/** The part in the customer's words: its size, the material chosen, and what is cut and bent. */
function describePart(view: ImportQuoterView, stock: string): string {
  const { plateImport } = view.page;
  const [materialId, thickness] = stock.split('|');
  const material = view.materials.find((m) => m.id === materialId);
  const offer = material?.thicknesses.find((t) => String(t.thickness_in) === thickness);
  const parts = [`${describeSize(plateImport)} part`];
  if (material && offer) parts.push(`${offer.label} ${shortName(material).replace(/^./, (c) => c.toLowerCase())}`);
  const { holes, cutouts, bends } = plateImport.counts;
  if (holes > 0) parts.push(formatCount(holes, 'round hole', 'round holes'));
  if (cutouts > 0) parts.push(formatCount(cutouts, 'cut-out', 'cut-outs'));
  if (bends > 0) parts.push(formatCount(bends, 'bend', 'bends'));
  return parts.join(', ');
}

function renderPriced(view: ImportQuoterView, item: NonNullable<ImportQuoterPage['item']>, stock: string, quantity: number): SafeHtml {
  const { taxCents, plateImport } = view.page;
  if (item.amount_cents === null) {
    return html`<p class="notice warn">This part cannot be made in this material and thickness:</p>
<ul class="issues">${item.issues.filter((issue) => issue.severity === 'blocking').map((issue) => html`<li class="issue blocking">${issue.message}</li>`)}</ul>`;
  }
  const rounding = unitRoundingNote(item.unit_amount_cents!, item.quantity, item.amount_cents);
  return html`<p class="description">${describePart(view, stock)}</p>
<dl class="figures" aria-live="polite">
<div><dt>Unit price</dt><dd data-field="unit">${formatCents(item.unit_amount_cents!)}${rounding === null ? null : html` <span class="note" data-field="unitNote">${rounding}</span>`}</dd></div>
<div><dt>Amount (before HST)</dt><dd data-field="amount">${formatCents(item.amount_cents)}</dd></div>
<div><dt>HST 13% (Ontario)</dt><dd data-field="tax">${taxCents === null ? '-' : formatCents(taxCents)}</dd></div>
<div class="total"><dt>Total with HST</dt><dd data-field="total">${taxCents === null ? '-' : formatCents(item.amount_cents + taxCents)}</dd></div>
<div><dt>Lead time</dt><dd>${formatLeadTime(item.lead_time)} <span class="note">${item.lead_time?.note ?? ''}</span></dd></div>
</dl>
${item.issues.length === 0 ? null : html`<ul class="issues">${item.issues.map((issue) => html`<li class="issue ${issue.severity}">${issue.message}</li>`)}</ul>`}
<form method="post" action="${PUBLIC_PATHS.plateImportOrder(plateImport.id)}">
<input type="hidden" name="form_token" value="${view.formToken}">
<input type="hidden" name="stock" value="${stock}">
<input type="hidden" name="quantity" value="${quantity}">
<button type="submit" class="button" id="order">Order ${quantity} ${quantity === 1 ? 'piece' : 'pieces'}</button>
</form>
<p class="small muted">Ordering makes a quote held 7 days and opens its order page; nothing is paid here.</p>`;
}

/**
 * While plate orders are paused: the part sent to the shop as a quote request, pre-filled with what
 * the drawing gave and the stock and quantity chosen here (the plate quoter's action, for a drawing).
 */
function renderQuoteRequest(view: ImportQuoterView, chosen: string | null, quantity: number): SafeHtml {
  const { plateImport } = view.page;
  return html`<section class="card order" aria-label="Request a quote" id="quote-request">
<h2>Request a quote for this part</h2>
<p>The shop gets the part as drawn with the material, thickness and quantity below; you add your name and how to reach you on the next page, and the shop replies with the price. Nothing is paid here.</p>
<form method="post" action="${importQuoteRequestPath(plateImport.id)}">
<input type="hidden" name="form_token" value="${view.formToken}">
<label for="request-stock">Material and thickness</label>
<select id="request-stock" name="stock">
<option value="">Not sure: the shop advises</option>
${view.materials.map((material) => html`<optgroup label="${shortName(material)}">${material.thicknesses
  .filter((offer) => offer.thickness_in <= material.max_laser_thickness_in)
  .map((offer) => html`<option value="${stockValue(material.id, offer.thickness_in)}"${chosen === stockValue(material.id, offer.thickness_in) ? html` selected` : null}>${shortName(material)}, ${offer.label}</option>`)}</optgroup>`)}
</select>
<label for="request-quantity">Quantity</label>
<input id="request-quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${BOUNDS.plateQuantity}" step="1" required value="${quantity}">
<button type="submit" class="button" id="request-quote">Request a quote for this part</button>
</form>
</section>`;
}
