// Order links: the items of ready, unexpired quotes on one page, with each plate's design kept
// for the plate quoter.
import { HandoffRequest, ServiceError, parseRequest, publicUrls } from '@shop/contracts';
import type { Handoff, HandoffItem, KeptPlate, Quote, StoredPlateDesign } from '@shop/contracts';
import { handoffCreated } from '@shop/notify';
import type { PlateDesignRecord, QuoteRecord, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import { answerToKeep } from './idempotency';
import { newId } from './ids';
import { isReference } from './import-parts';
import { toOutboxEvent } from './outbox-events';
import type { KeptQuoteRequest } from './quotes';
import { versionOf } from './stored';
import type { RateLimits } from './rate-limits';
import { withStorage } from './storage-guard';

export const MAX_HANDOFF_ITEMS = 10;

/**
 * A plate of a handoff as kept, so its quoter page can price it again: the plate as its quote keeps
 * it (a plate naming an import keeps the import's id, not its shapes) and its quoted figures.
 */
export type KeptPlateDesign = StoredPlateDesign;

export interface HandoffCaseDeps {
  storage: Storage;
  limits: RateLimits;
  publicUrl: string;
  findQuote: (id: string, ctx: RequestContext) => Promise<QuoteRecord>;
}

export function createHandoffCases(deps: HandoffCaseDeps) {
  const { storage, limits } = deps;

  return {
    async createHandoff(body: unknown, ctx: RequestContext): Promise<Handoff> {
      await limits.consume('handoffs', ctx.clientIp);
      const request = parseRequest(HandoffRequest, body);
      const seen = new Map<string, number>();
      request.quote_ids.forEach((id, i) => {
        const first = seen.get(id);
        if (first !== undefined) {
          throw new ServiceError('parameter_invalid', `quote_ids[${i}] repeats quote_ids[${first}]; name each quote once.`, { param: `quote_ids[${i}]` });
        }
        seen.set(id, i);
      });

      const id = newId('h');
      const items: HandoffItem[] = [];
      const designs: PlateDesignRecord[] = [];
      let expiresAt = 0;
      const importsFound = new Set<string>();
      for (const [i, quoteId] of request.quote_ids.entries()) {
        const record = await deps.findQuote(quoteId, ctx).catch((error: unknown) => {
          if (error instanceof ServiceError && error.code === 'quote_not_found') {
            throw new ServiceError(error.code, error.message, { param: `quote_ids[${i}]` });
          }
          throw error;
        });
        const quote = JSON.parse(record.body) as Quote;
        if (ctx.now.getTime() > record.expiresAt.getTime()) {
          throw new ServiceError('quote_expired', `Quote ${quoteId} expired at ${quote.expires_at}; ask for a new quote and hand that one off.`, { param: `quote_ids[${i}]` });
        }
        if (quote.status !== 'ready') {
          throw new ServiceError('quote_not_ready', `Quote ${quoteId} is blocked: act on its issues, ask for a new quote, and hand that one off.`, { param: `quote_ids[${i}]` });
        }
        expiresAt = Math.max(expiresAt, record.expiresAt.getTime());
        const requested = (JSON.parse(record.request) as KeptQuoteRequest).items;
        // Every page of the link reads the imports its plates name: a link is never issued over one
        // that is gone (it would answer 500 on every read), whatever took its row.
        for (const plate of requested) {
          if (plate?.kind !== 'plate' || !isReference(plate) || importsFound.has(plate.import_id)) continue;
          const kept = await withStorage('read the plate import', () => storage.plateImports.get(plate.import_id, ctx.now));
          if (!kept) {
            throw new ServiceError(
              'quote_not_ready',
              `Quote ${quoteId} names an imported drawing (${plate.import_id}) that is no longer kept, so its order page could not show the part. Import the drawing again, ask for a new quote naming it, and hand that one off.`,
              { param: `quote_ids[${i}]`, details: { import_id: plate.import_id } },
            );
          }
          importsFound.add(plate.import_id);
        }
        for (const item of quote.items) {
          items.push({
            quote_id: quoteId,
            index: item.index,
            description: item.description,
            action: item.kind === 'plate' ? 'open_plate_quoter' : 'open_product_page',
            label: item.label,
          });
          const plate = requested[item.index];
          if (item.kind === 'plate' && plate?.kind === 'plate') {
            const designId = newId('pd');
            // Rows from before cut-outs have none.
            const kept: KeptPlate = isReference(plate) ? plate : { ...plate, cutouts: plate.cutouts ?? [] };
            const design: KeptPlateDesign = { object: 'plate_design', id: designId, handoff_id: id, quote_id: quoteId, index: item.index, item: kept, quoted: item };
            designs.push({
              id: designId,
              quoteId,
              itemIndex: item.index,
              createdAt: ctx.now,
              expiresAt: record.expiresAt,
              design: JSON.stringify(design),
              schemaVersion: versionOf('plateDesign'),
            });
          }
        }
      }
      if (items.length > MAX_HANDOFF_ITEMS) {
        throw new ServiceError(
          'handoff_too_many_items',
          `These quotes hold ${items.length} items; one order link takes at most ${MAX_HANDOFF_ITEMS}. Split them over two links.`,
          { param: 'quote_ids' },
        );
      }

      const handoff: Handoff = {
        object: 'handoff',
        id,
        url: publicUrls(deps.publicUrl).order(id),
        expires_at: new Date(expiresAt).toISOString(),
        items,
      };
      const text = JSON.stringify(handoff);
      await withStorage('keep the order link', () =>
        storage.handoffs.insert({
          id,
          createdAt: ctx.now,
          expiresAt: new Date(expiresAt),
          body: text,
          schemaVersion: versionOf('handoff'),
          designs,
          quoteIds: request.quote_ids,
          event: toOutboxEvent(handoffCreated(handoff, ctx.now), `handoff/${id}`),
          // Under an Idempotency-Key of POST /handoffs, its answer is kept in the handoff's own write.
          idempotentAnswer: answerToKeep('/handoffs', text),
        }),
      );
      return handoff;
    },
  };
}
