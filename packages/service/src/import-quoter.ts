// The upload page's side of an import: the part a drawing gave, priced at the material, thickness and
// quantity a person chooses (without keeping a quote), and ordered: a quote and an order link made
// from it, as an assistant would make them.
import { BOUNDS, MaterialId, ServiceError, parseRequest, z } from '@shop/contracts';
import type { Handoff, PlateImport, Quote, QuoteRequest, QuotedItem } from '@shop/contracts';
import { hstCents, validateQuoteRequest } from '@shop/pricing';
import type { RequestContext } from './context';
import type { PlateReference } from './import-parts';
import type { PlateImportCases } from './plate-imports';
import type { QuotePricer } from './quote-pricer';
import type { QuoteDocument } from './quotes';
import type { QuoteSource } from '@shop/storage';
import type { RateLimits } from './rate-limits';
import type { PlateOrdersStatus } from './plate-orders';
import type { ShopState } from './shop-state';

/** What a person chooses for an imported part; form fields arrive as text. */
const ImportChoice = z
  .object({
    material: MaterialId,
    thickness_in: z.coerce.number().gt(0).lte(BOUNDS.thicknessIn),
    quantity: z.coerce.number().int().min(1).max(BOUNDS.plateQuantity),
  })
  .strict();
export type ImportChoice = z.infer<typeof ImportChoice>;

export interface ImportQuoterPage {
  plateImport: PlateImport;
  /** The choice priced, when one was made. */
  choice: ImportChoice | null;
  item: QuotedItem | null;
  taxCents: number | null;
  /** The plate orders switch now: while closed the page says so (its notice). */
  plateOrders: PlateOrdersStatus;
}

export interface ImportQuoterDeps {
  state: Pick<ShopState, 'current'>;
  limits: RateLimits;
  pricer: QuotePricer;
  imports: PlateImportCases;
  createQuote(body: unknown, ctx: RequestContext, source: QuoteSource): Promise<QuoteDocument>;
  createHandoff(body: unknown, ctx: RequestContext): Promise<Handoff>;
}

export function createImportQuoter(deps: ImportQuoterDeps) {
  const { state, limits, pricer, imports } = deps;

  const itemOf = (importId: string, choice: ImportChoice, label: string | null): PlateReference => ({
    kind: 'plate',
    import_id: importId,
    ...choice,
    quantity_options: [],
    label,
  });

  /** The filename as a label a quote keeps (the label's own rules apply: anything else is dropped with a warning). */
  const labelOf = (plateImport: PlateImport) => plateImport.filename?.slice(0, BOUNDS.labelLength) ?? null;

  return {
    /**
     * The imported part (its drawing is the page's image of the import's preview), priced at the
     * choice when one is given (422 for a choice outside the lists) through the one pricer; the
     * import is read once (and kept read) for both.
     */
    async priceImport(importId: string, choice: unknown, ctx: RequestContext): Promise<ImportQuoterPage> {
      await limits.consume('reading', ctx.clientIp);
      const part = await imports.getImport(importId, ctx);
      const plateImport = part.plateImport;
      const pricing = await state.current(ctx.now);
      const { plateOrders } = pricing;
      if (choice === undefined) return { plateImport, choice: null, item: null, taxCents: null, plateOrders };
      await limits.consume('pricing', ctx.clientIp);
      const chosen = parseRequest(ImportChoice, choice);
      const plate = itemOf(importId, chosen, labelOf(plateImport));
      validateQuoteRequest({ items: [plate] } as Parameters<typeof validateQuoteRequest>[0], pricing.catalog);
      const item = await pricer.priceItem(plate, new Map([[part.id, part]]), 0, pricing);
      return { plateImport, choice: chosen, item, taxCents: item.amount_cents === null ? null : hstCents(item.amount_cents), plateOrders };
    },

    /** A quote of the imported part at the choice, and an order link for it (409 quote_not_ready when blocked). */
    async orderImport(importId: string, choice: unknown, ctx: RequestContext): Promise<Handoff> {
      const { plateImport } = await imports.getImport(importId, ctx);
      const chosen = parseRequest(ImportChoice, choice);
      const request: QuoteRequest = { items: [itemOf(importId, chosen, labelOf(plateImport))] };
      // Made through the upload page: its source is a page.
      const { json } = await deps.createQuote(request, ctx, 'page');
      const quote = JSON.parse(json) as Quote;
      if (quote.status !== 'ready') {
        throw new ServiceError('quote_not_ready', `The part cannot be made as chosen: ${quote.items[0]?.issues.find((issue) => issue.severity === 'blocking')?.message ?? ''}`);
      }
      return deps.createHandoff({ quote_ids: [quote.id] }, ctx);
    },
  };
}
