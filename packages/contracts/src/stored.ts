// The JSON documents the service keeps, and the version of each shape. Every stored row carries the
// version it was written with; a reader refuses a row of another version (a build older than the
// data), so a shape can only change together with its version and a migration of the old rows.
import { PlateItem, PlateItemRequest } from './plates';
import { QuotedItem } from './quotes';
import { RfqLink, RfqLinkRequest, RfqSubmissionForm } from './rfq';
import { z } from './zod';

export const STORED_VERSIONS = {
  /**
   * The quote's body is the Quote exactly as answered; its request the normalised QuoteRequest, a
   * plate naming an import kept as that reference (version 2; version 1 kept every plate's shapes).
   */
  quote: 2,
  handoff: 1,
  /** Version 2: the item may name an import by id, as the quote's request does. */
  plateDesign: 2,
  rfqLink: 1,
  plateImport: 1,
  rfqSubmission: 1,
} as const;
export type StoredKind = keyof typeof STORED_VERSIONS;

/**
 * The oldest version of each shape this build still reads: a version 1 quote or design (every
 * plate's shapes in place) reads as one whose plates name no import.
 */
export const READABLE_VERSIONS_FROM: { readonly [K in StoredKind]: number } = {
  quote: 1,
  handoff: 1,
  plateDesign: 1,
  rfqLink: 1,
  plateImport: 1,
  rfqSubmission: 1,
};

/**
 * A plate as a quote's request and a design keep it: every shape in place, or (naming an import)
 * the import's id in place of its outline, holes and cut-outs, with the bends sent if any.
 */
export const KeptPlate = z.union([PlateItem, PlateItemRequest]);
export type KeptPlate = z.infer<typeof KeptPlate>;

/** A plate of a handoff, kept so its quoter page can price it again. */
export const StoredPlateDesign = z.object({
  object: z.literal('plate_design'),
  id: z.string(),
  handoff_id: z.string(),
  quote_id: z.string(),
  index: z.int().min(0),
  item: KeptPlate,
  quoted: QuotedItem,
});
export type StoredPlateDesign = z.infer<typeof StoredPlateDesign>;

/** A quote-request link and the job it fills the form with. */
export const StoredRfqLink = z.object({ link: RfqLink, request: RfqLinkRequest });
export type StoredRfqLink = z.infer<typeof StoredRfqLink>;

/** A quote request a person sent from a link's form: kept for the shop, printed by `pnpm rfq:list`. */
export const RfqSubmission = z.object({
  object: z.literal('rfq_submission'),
  id: z.string(),
  rfq_link_id: z.string(),
  submitted_at: z.string(),
  ...RfqSubmissionForm.shape,
  // Once its contact details are erased (retention, or the person's request): name and email
  // empty, phone and company null, and when; the job's fields stay.
  name: RfqSubmissionForm.shape.name.or(z.literal('')),
  email: RfqSubmissionForm.shape.email.or(z.literal('')),
  erased_at: z.string().optional(),
});
export type RfqSubmission = z.infer<typeof RfqSubmission>;
