// Order requests (a person's order from an order link, at the prices its quotes hold) and the job
// an rfq submission's link was made for. Written once over Kysely for both databases; the tables
// are typed here until they join the storage's own database type.
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { DB } from './db-types';
import { clampListLimit, type OutboxEvent, type OutboxTargets } from './records';
import { enqueueInTransaction, type OutboxTables } from './repositories/outbox';
import { guardStorage } from './storage-unavailable';

/** Whole cents as the drivers give a BIGINT back (pg: a string; better-sqlite3: a number). */
type Cents = ColumnType<number | string | bigint, number, number>;
/** A timestamp as written (ISO text, UTC) and as read (SQLite: text; pg: a Date of the local clock). */
type Timestamp = ColumnType<string | Date, string, string>;

interface OrderRequestsTable {
  id: string;
  handoff_id: string;
  created_at: Timestamp;
  idempotency_key: string;
  state: Generated<string>;
  price_book: string;
  subtotal_cents: Cents;
  tax_cents: Cents;
  total_cents: Cents;
  fulfilment: string;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_province: string | null;
  address_postal_code: string | null;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  contact_company: string | null;
  contact_note: string | null;
}

interface OrderRequestItemsTable {
  order_request_id: string;
  position: number;
  quote_id: string;
  item_index: number;
  kind: string;
  description: string;
  label: string | null;
  quantity: number;
  unit_amount_cents: Cents;
  amount_cents: Cents;
}

/** The one column of rfq_submissions written here; the rest is the rfq submission repository's. */
interface RfqSubmissionJobTable {
  id: string;
  job: string | null;
}

/** The tables this file reads and writes (a part of the storage's database type). */
export interface OrderTables extends Pick<DB, 'outbox' | 'webhook_endpoints'> {
  order_requests: OrderRequestsTable;
  order_request_items: OrderRequestItemsTable;
  rfq_submissions: RfqSubmissionJobTable;
}

export type Fulfilment = 'pickup' | 'delivery';

export interface OrderRequestAddress {
  line1: string;
  line2: string | null;
  city: string;
  province: string;
  postalCode: string;
}

export interface OrderRequestContact {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  note: string | null;
}

/** One line as its quote priced it (firm). */
export interface OrderRequestItemRecord {
  quoteId: string;
  itemIndex: number;
  kind: string;
  description: string;
  label: string | null;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
}

export interface OrderRequestRecord {
  id: string;
  handoffId: string;
  createdAt: Date;
  state: string;
  priceBook: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  fulfilment: Fulfilment;
  /** Set for delivery, null for pickup. */
  address: OrderRequestAddress | null;
  contact: OrderRequestContact;
  /** In the order link's order. */
  items: OrderRequestItemRecord[];
}

export interface NewOrderRequest extends Omit<OrderRequestRecord, 'state'> {
  /** A second request with the same key is not stored again: the first one's id is answered. */
  idempotencyKey: string;
  /** `order_request.created`, written to the outbox in the request's transaction (not for a repeat). */
  event?: OutboxEvent;
}

export interface OrderRequestRepository {
  /** The request and its items in one transaction; created false (and the first one's id) when the key was used. */
  insert(request: NewOrderRequest): Promise<{ created: boolean; id: string }>;
  get(id: string): Promise<OrderRequestRecord | null>;
  /** Newest first. */
  list(options?: { limit?: number }): Promise<OrderRequestRecord[]>;
  /** Keeps the job an rfq submission's link was made for (RfqLinkRequest JSON) on its row. */
  keepRfqJob(submissionId: string, job: string): Promise<void>;
  /** The job kept on an rfq submission; null when none was (or no such row). */
  rfqJob(submissionId: string): Promise<string | null>;
}

type OrderRow = Selectable<OrderRequestsTable>;
type ItemRow = Selectable<OrderRequestItemsTable>;

/** UTC text both databases compare and read back alike (pg ignores the offset of a plain TIMESTAMP). */
function toTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

function fromTimestamp(value: string | Date): Date {
  if (typeof value === 'string') return new Date(value);
  // pg reads a TIMESTAMP without zone as the process's local time: its fields are the UTC ones.
  return new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate(), value.getHours(), value.getMinutes(), value.getSeconds(), value.getMilliseconds()));
}

function toCents(value: number | string | bigint): number {
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`A stored amount is not a whole number of cents: ${String(value)}`);
  return cents;
}

function toRecord(row: OrderRow, items: ItemRow[]): OrderRequestRecord {
  const address =
    row.fulfilment === 'delivery'
      ? {
          line1: row.address_line1 ?? '',
          line2: row.address_line2,
          city: row.address_city ?? '',
          province: row.address_province ?? '',
          postalCode: row.address_postal_code ?? '',
        }
      : null;
  return {
    id: row.id,
    handoffId: row.handoff_id,
    createdAt: fromTimestamp(row.created_at),
    state: row.state,
    priceBook: row.price_book,
    subtotalCents: toCents(row.subtotal_cents),
    taxCents: toCents(row.tax_cents),
    totalCents: toCents(row.total_cents),
    fulfilment: row.fulfilment === 'delivery' ? 'delivery' : 'pickup',
    address,
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone, company: row.contact_company, note: row.contact_note },
    items: items
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        quoteId: item.quote_id,
        itemIndex: item.item_index,
        kind: item.kind,
        description: item.description,
        label: item.label,
        quantity: item.quantity,
        unitAmountCents: toCents(item.unit_amount_cents),
        amountCents: toCents(item.amount_cents),
      })),
  };
}

export function createOrderRequestRepository(db: Kysely<OrderTables>, targets: OutboxTargets = { mailTo: null }): OrderRequestRepository {
  async function readItems(ids: string[]): Promise<Map<string, ItemRow[]>> {
    const byRequest = new Map<string, ItemRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byRequest;
    const rows = await db.selectFrom('order_request_items').selectAll().where('order_request_id', 'in', ids).execute();
    for (const row of rows) byRequest.get(row.order_request_id)?.push(row);
    return byRequest;
  }

  return {
    insert(request) {
      return guardStorage('keep the order request', () =>
        // Writes first, a read only when the key was taken: no read lock to upgrade on SQLite.
        db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('order_requests')
            .values({
              id: request.id,
              handoff_id: request.handoffId,
              created_at: toTimestamp(request.createdAt),
              idempotency_key: request.idempotencyKey,
              price_book: request.priceBook,
              subtotal_cents: request.subtotalCents,
              tax_cents: request.taxCents,
              total_cents: request.totalCents,
              fulfilment: request.fulfilment,
              address_line1: request.address?.line1 ?? null,
              address_line2: request.address?.line2 ?? null,
              address_city: request.address?.city ?? null,
              address_province: request.address?.province ?? null,
              address_postal_code: request.address?.postalCode ?? null,
              contact_name: request.contact.name,
              contact_email: request.contact.email,
              contact_phone: request.contact.phone,
              contact_company: request.contact.company,
              contact_note: request.contact.note,
            })
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) {
            const first = await trx.selectFrom('order_requests').select('id').where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow();
            return { created: false, id: first.id };
          }
          if (request.items.length > 0) {
            await trx
              .insertInto('order_request_items')
              .values(
                request.items.map((item, position) => ({
                  order_request_id: request.id,
                  position,
                  quote_id: item.quoteId,
                  item_index: item.itemIndex,
                  kind: item.kind,
                  description: item.description,
                  label: item.label,
                  quantity: item.quantity,
                  unit_amount_cents: item.unitAmountCents,
                  amount_cents: item.amountCents,
                })),
              )
              .execute();
          }
          if (request.event) await enqueueInTransaction(trx as unknown as Kysely<OutboxTables>, request.event, targets);
          return { created: true, id: request.id };
        }),
      );
    },

    get(id) {
      return guardStorage('read the order request', async () => {
        const row = await db.selectFrom('order_requests').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return null;
        const items = await readItems([id]);
        return toRecord(row, items.get(id) ?? []);
      });
    },

    list(options = {}) {
      return guardStorage('read the order requests', async () => {
        const rows = await db.selectFrom('order_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(clampListLimit(options.limit)).execute();
        const items = await readItems(rows.map((row) => row.id));
        return rows.map((row) => toRecord(row, items.get(row.id) ?? []));
      });
    },

    keepRfqJob(submissionId, job) {
      return guardStorage('keep the quote request\'s job', async () => {
        await db.updateTable('rfq_submissions').set({ job }).where('id', '=', submissionId).execute();
      });
    },

    rfqJob(submissionId) {
      return guardStorage('read the quote request\'s job', async () => {
        const row = await db.selectFrom('rfq_submissions').select('job').where('id', '=', submissionId).executeTakeFirst();
        return row?.job ?? null;
      });
    },
  };
}
