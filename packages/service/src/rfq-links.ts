// Quote-request links: a job description for work the quote endpoint does not price, with nothing
// about the person in it.
import { RfqLinkRequest, ServiceError, parseRequest, publicUrls } from '@shop/contracts';
import type { RfqLink, StoredRfqLink } from '@shop/contracts';
import { findContactDetail } from '@shop/pricing';
import type { Storage } from '@shop/storage';
import type { RequestContext } from './context';
import { answerToKeep } from './idempotency';
import { newId } from './ids';
import { versionOf } from './stored';
import type { RateLimits } from './rate-limits';
import { withStorage } from './storage-guard';

export const RFQ_LINK_DAYS = 30;

const KIND_WORDS = { url: 'a link or web address', email: 'an e-mail address', phone: 'a phone number' } as const;

/** What is kept for the quote-request form: the link as returned and the job it was made for. */

export interface RfqCaseDeps {
  storage: Storage;
  limits: RateLimits;
  publicUrl: string;
}

/** Refuses a description or material that carries contact details. */
export function assertNoContactDetails(request: RfqLinkRequest): void {
  for (const field of ['description', 'material'] as const) {
    const text = request[field];
    if (text === null) continue;
    const kind = findContactDetail(text);
    if (kind) {
      throw new ServiceError(
        'contact_details_not_allowed',
        `${field} reads as containing ${KIND_WORDS[kind]}. Describe only the work; the person adds their own contact details on the form.`,
        { param: field },
      );
    }
  }
}

export function createRfqCases(deps: RfqCaseDeps) {
  return {
    async createRfqLink(body: unknown, ctx: RequestContext): Promise<RfqLink> {
      await deps.limits.consume('rfq_links', ctx.clientIp);
      const request = parseRequest(RfqLinkRequest, body);
      assertNoContactDetails(request);
      const id = newId('rfq');
      const expiresAt = new Date(ctx.now.getTime() + RFQ_LINK_DAYS * 86_400_000);
      const link: RfqLink = { object: 'rfq_link', id, url: publicUrls(deps.publicUrl).rfqForm(id), expires_at: expiresAt.toISOString() };
      const stored: StoredRfqLink = { link, request };
      await withStorage('keep the quote-request link', () =>
        deps.storage.rfqLinks.insert({
          id,
          createdAt: ctx.now,
          expiresAt,
          body: JSON.stringify(stored),
          schemaVersion: versionOf('rfqLink'),
          // Under an Idempotency-Key of POST /rfq-links, its answer (the link) is kept in the same write.
          idempotentAnswer: answerToKeep('/rfq-links', JSON.stringify(link)),
        }),
      );
      return link;
    },
  };
}
