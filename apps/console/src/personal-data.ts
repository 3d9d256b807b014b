// A person's data: an owner finds, exports and erases it by e-mail; the retention job erases the
// contact details of requests settled RFQ_RETENTION_DAYS ago. Each is in the audit log, whose
// subject is the e-mail's SHA-256, never the address: the log must not keep what was erased.
import { foldEmail, type AuditLog, type ErasedCounts, type HeldPersonalData, type PersonalDataRepository } from '@shop/storage';
import type { Logger } from 'pino';
import { tokenId } from './tokens';

export interface PersonalDataDeps {
  personalData: PersonalDataRepository;
  audit: AuditLog;
  now: () => Date;
}

const DAY_MS = 86_400_000;
/** How often the retention job runs in the console process (and once at start). */
const RETENTION_INTERVAL_MS = 3_600_000;
const EMAIL_MAX = 254;

export class PrivacyProblem extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The audit subject for an e-mail: `sha256:` and the hex SHA-256 of the address as searched (trimmed,
 * A-Z lower-cased). Whoever knows the address can find its entries; the log alone does not give it.
 */
function emailSubject(email: string): string {
  return `sha256:${tokenId(foldEmail(email))}`;
}

function checkedEmail(input: string): string {
  const email = input.trim();
  if (!email || email.length > EMAIL_MAX || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new PrivacyProblem(400, 'Type the whole e-mail address, e.g. name@example.com.');
  return email;
}

const countsOf = (held: HeldPersonalData): ErasedCounts => ({ orderRequests: held.orderRequests.length, quoteRequests: held.quoteRequests.length, notes: held.notes.length });

type Actor = { staffId: string; ip: string };

export async function findPersonalData(deps: PersonalDataDeps, input: string, actor: Actor): Promise<{ email: string; held: HeldPersonalData }> {
  const email = checkedEmail(input);
  const held = await deps.personalData.findByEmail(email);
  await deps.audit.append({ at: deps.now(), staffId: actor.staffId, action: 'personal_data_found', subject: emailSubject(email), detail: { ...countsOf(held) }, ip: actor.ip });
  return { email, held };
}

/** What is held for the e-mail as one JSON document (the export a person may ask for). */
function personalDataDocument(email: string, held: HeldPersonalData, at: Date): Record<string, unknown> {
  const pick = (body: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, body[key] ?? null]));
  return {
    email,
    exported_at: at.toISOString(),
    order_requests: held.orderRequests.map((order) => ({
      id: order.id,
      received_at: order.createdAt.toISOString(),
      contact: order.contact,
      fulfilment: order.fulfilment,
      delivery_address: order.address === null ? null : { line1: order.address.line1, line2: order.address.line2, city: order.address.city, province: order.address.province, postal_code: order.address.postalCode },
      items: order.items.map((item) => ({
        quote_id: item.quoteId,
        item_index: item.itemIndex,
        description: item.description,
        label: item.label,
        quantity: item.quantity,
        unit_amount_cents: item.unitAmountCents,
        amount_cents: item.amountCents,
      })),
      total_cents: order.totalCents,
    })),
    quote_requests: held.quoteRequests.map((quote) => ({
      id: quote.id,
      received_at: quote.createdAt.toISOString(),
      rfq_link_id: quote.rfqLinkId,
      ...pick(quote.body, ['name', 'email', 'phone', 'company', 'description', 'material', 'thickness_in', 'quantity']),
    })),
    notes: held.notes.map((note) => ({ request: `${note.requestKind}/${note.requestId}`, at: note.at.toISOString(), text: note.text })),
    notifications: held.notifications.map((row) => ({ id: row.id, request: row.subject, kind: row.kind, state: row.state, created_at: row.createdAt.toISOString(), event: row.payload })),
  };
}

export async function exportPersonalData(deps: PersonalDataDeps, input: string, actor: Actor): Promise<{ json: string; at: Date }> {
  const email = checkedEmail(input);
  const held = await deps.personalData.findByEmail(email);
  const at = deps.now();
  await deps.audit.append({ at, staffId: actor.staffId, action: 'personal_data_exported', subject: emailSubject(email), detail: { ...countsOf(held) }, ip: actor.ip });
  return { json: `${JSON.stringify(personalDataDocument(email, held, at), null, 2)}\n`, at };
}

export async function erasePersonalData(deps: PersonalDataDeps, input: string, confirmed: boolean, actor: Actor): Promise<ErasedCounts> {
  const email = checkedEmail(input);
  if (!confirmed) throw new PrivacyProblem(400, 'Tick the box to confirm the erasure: it cannot be undone.');
  const at = deps.now();
  const counts = await deps.personalData.eraseByEmail(email, at);
  await deps.audit.append({ at, staffId: actor.staffId, action: 'personal_data_erased', subject: emailSubject(email), detail: { ...counts }, ip: actor.ip });
  return counts;
}

/** One run of the retention job: audited as the system's (no staff, address `system`) when it erased anything. */
export async function eraseExpiredPersonalData(deps: PersonalDataDeps & { retentionDays: number }, options: { sliceRows?: number } = {}): Promise<ErasedCounts> {
  const at = deps.now();
  const settledBefore = new Date(at.getTime() - deps.retentionDays * DAY_MS);
  const counts = await deps.personalData.eraseSettledBefore(settledBefore, at, options);
  if (counts.orderRequests + counts.quoteRequests + counts.notes > 0) {
    await deps.audit.append({
      at,
      staffId: null,
      action: 'personal_data_erased',
      subject: 'retention',
      detail: { ...counts, retentionDays: deps.retentionDays, settledBefore: settledBefore.toISOString() },
      ip: 'system',
    });
  }
  return counts;
}

/** Runs the retention job now and every `intervalMs`; a run never overlaps the last. `stop` waits for a run under way. */
export function startRetentionJob(deps: PersonalDataDeps & { retentionDays: number }, logger: Logger, intervalMs = RETENTION_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = eraseExpiredPersonalData(deps)
      .then((counts) => {
        if (counts.orderRequests + counts.quoteRequests > 0) logger.info({ erased: counts, retentionDays: deps.retentionDays }, 'personal data past retention erased');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'personal data retention run failed; the next run tries again'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
