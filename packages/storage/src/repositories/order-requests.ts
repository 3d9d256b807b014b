// Order requests (a person's order from an order link, at the prices its quotes hold) and the job
// an rfq submission's link was made for, over the storage's database.
import type { Selectable } from 'kysely';
import { fromDbDateTime, toDbDateTime } from '../database';
import type { OrderRequest, OrderRequestItem } from '../db-types';
import { clampListLimit, type OutboxEvent } from '../records';
import type { Storage, StorageAccess } from '../storage';
import { outboxUnit } from './outbox';

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

type OrderRow = Selectable<OrderRequest>;
type ItemRow = Selectable<OrderRequestItem>;

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
    createdAt: fromDbDateTime(row.created_at),
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

/** `mailTo`: who the outbox mails about a new request (the storage's own, given at open). */
export function createOrderRequestRepository(storage: StorageAccess & Pick<Storage, 'mailTo'>): OrderRequestRepository {
  const { db, read, transact } = storage;
  const targets = { mailTo: storage.mailTo };

  async function readItems(ids: string[]): Promise<Map<string, ItemRow[]>> {
    const byRequest = new Map<string, ItemRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byRequest;
    const rows = await read('read the order request items', db.selectFrom('order_request_items').selectAll().where('order_request_id', 'in', ids));
    for (const row of rows) byRequest.get(row.order_request_id)?.push(row);
    return byRequest;
  }

  return {
    insert(request) {
      // One unit: the request with every item, or nothing. Writes first, a read only when the key
      // was taken (on SQLite the unit holds the write lock from its start in any case).
      return transact('keep the order request', function* () {
        const inserted = yield db
          .insertInto('order_requests')
          .values({
            id: request.id,
            handoff_id: request.handoffId,
            created_at: toDbDateTime(request.createdAt),
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
          .onConflict((conflict) => conflict.column('idempotency_key').doNothing());
        if (inserted.changes === 0) {
          const first = yield db.selectFrom('order_requests').select('id').where('idempotency_key', '=', request.idempotencyKey);
          const id = first.rows[0]?.id;
          if (typeof id !== 'string') throw new Error(`order request with idempotency key ${request.idempotencyKey} not found after conflict`);
          return { created: false, id };
        }
        if (request.items.length > 0) {
          yield db.insertInto('order_request_items').values(
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
          );
        }
        if (request.event) yield* outboxUnit(db, request.event, targets);
        return { created: true, id: request.id };
      });
    },

    async get(id) {
      const [row] = await read('read the order request', db.selectFrom('order_requests').selectAll().where('id', '=', id));
      if (!row) return null;
      const items = await readItems([id]);
      return toRecord(row, items.get(id) ?? []);
    },

    async list(options = {}) {
      const rows = await read(
        'read the order requests',
        db.selectFrom('order_requests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(clampListLimit(options.limit)),
      );
      const items = await readItems(rows.map((row) => row.id));
      return rows.map((row) => toRecord(row, items.get(row.id) ?? []));
    },

    async keepRfqJob(submissionId, job) {
      await transact("keep the quote request's job", function* () {
        yield db.updateTable('rfq_submissions').set({ job }).where('id', '=', submissionId);
      });
    },

    async rfqJob(submissionId) {
      const [row] = await read("read the quote request's job", db.selectFrom('rfq_submissions').select('job').where('id', '=', submissionId));
      return row?.job ?? null;
    },
  };
}
