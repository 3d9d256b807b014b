// The order-request repository's behaviour, run on each database (order-requests.backends.test.ts).
import { createOrderRequestRepository } from '../src/repositories/order-requests';
import type { NewOrderRequest, OrderRequestRepository } from '../src/repositories/order-requests';
import type { Storage } from '../src/storage';
import type { TestDatabase } from './harness';

const AT = new Date('2026-11-02T15:00:00.123Z');

export function sampleOrderRequest(overrides: Partial<NewOrderRequest> = {}): NewOrderRequest {
  return {
    id: 'or_AAAAAAAAAAAAAAAAAAAAAA',
    handoffId: 'h_BBBBBBBBBBBBBBBBBBBBBB',
    createdAt: AT,
    idempotencyKey: 'h_BBBBBBBBBBBBBBBBBBBBBB:key-1',
    priceBook: '2026-11-27.2',
    subtotalCents: 51_234,
    taxCents: 6_660,
    totalCents: 57_894,
    fulfilment: 'delivery',
    address: { line1: '12 Front St W', line2: 'Unit 3', city: 'Guelph', province: 'ON', postalCode: 'N1H 2A1' },
    contact: { name: 'Dana Reyes', email: 'dana@example.com', phone: '519 555 0100', company: 'Reyes Farms', note: 'Gate code 44' },
    items: [
      { quoteId: 'q_CCCCCCCCCCCCCCCCCCCCCC', itemIndex: 0, kind: 'plate', description: 'Plate 6 x 4 in', label: 'Base plate', quantity: 10, unitAmountCents: 1_523, amountCents: 15_234 },
      { quoteId: 'q_CCCCCCCCCCCCCCCCCCCCCC', itemIndex: 1, kind: 'product', description: 'Round bale feeder, kit', label: null, quantity: 2, unitAmountCents: 18_000, amountCents: 36_000 },
    ],
    ...overrides,
  };
}

export function describeOrderRequestCases(createDatabase: () => TestDatabase): void {
  let database: TestDatabase;
  let storage: Storage;
  let repository: OrderRequestRepository;

  beforeEach(async () => {
    database = createDatabase();
    storage = await database.open();
    repository = createOrderRequestRepository(storage);
  });
  afterEach(async () => {
    await storage.close();
    await database.drop();
  });

  it('keeps a request with its items, address and contact, and reads it back as kept', async () => {
    const request = sampleOrderRequest();
    await expect(repository.insert(request)).resolves.toEqual({ created: true, id: request.id });
    const { idempotencyKey: _key, ...kept } = request;
    await expect(repository.get(request.id)).resolves.toEqual({ ...kept, state: 'new' });
  });

  it('stores the figures as whole cents in their own columns, and the items in the link\'s order', async () => {
    await repository.insert(sampleOrderRequest());
    const [row] = await database.query<Record<string, unknown>>('SELECT subtotal_cents, tax_cents, total_cents, state, fulfilment, address_postal_code FROM order_requests');
    expect({ ...row, subtotal_cents: Number(row!.subtotal_cents), tax_cents: Number(row!.tax_cents), total_cents: Number(row!.total_cents) }).toEqual({
      subtotal_cents: 51_234,
      tax_cents: 6_660,
      total_cents: 57_894,
      state: 'new',
      fulfilment: 'delivery',
      address_postal_code: 'N1H 2A1',
    });
    const items = await database.query<{ position: number; item_index: number; amount_cents: unknown }>('SELECT position, item_index, amount_cents FROM order_request_items ORDER BY position');
    expect(items.map((item) => [item.position, item.item_index, Number(item.amount_cents)])).toEqual([
      [0, 0, 15_234],
      [1, 1, 36_000],
    ]);
  });

  it('keeps a pickup without an address', async () => {
    const request = sampleOrderRequest({ fulfilment: 'pickup', address: null });
    await repository.insert(request);
    await expect(repository.get(request.id)).resolves.toMatchObject({ fulfilment: 'pickup', address: null });
  });

  it('answers the first request\'s id for a key already used, and keeps one row', async () => {
    const first = sampleOrderRequest();
    await repository.insert(first);
    const again = sampleOrderRequest({ id: 'or_DDDDDDDDDDDDDDDDDDDDDD', contact: { ...first.contact, name: 'Someone Else' } });
    await expect(repository.insert(again)).resolves.toEqual({ created: false, id: first.id });
    await expect(repository.get(again.id)).resolves.toBeNull();
    const counts = await database.query<{ n: unknown }>('SELECT COUNT(*) AS n FROM order_request_items');
    expect(Number(counts[0]!.n)).toBe(2);
    expect((await repository.get(first.id))?.contact.name).toBe('Dana Reyes');
  });

  it('lists the newest first, within the limit', async () => {
    for (let i = 0; i < 3; i++) {
      await repository.insert(sampleOrderRequest({ id: `or_${String(i).repeat(22)}`, idempotencyKey: `k${i}`, createdAt: new Date(AT.getTime() + i * 60_000) }));
    }
    const listed = await repository.list({ limit: 2 });
    expect(listed.map((request) => request.id)).toEqual([`or_${'2'.repeat(22)}`, `or_${'1'.repeat(22)}`]);
    expect(listed[0]!.items).toHaveLength(2);
  });

  it('answers null for an id never kept', async () => {
    await expect(repository.get('or_ZZZZZZZZZZZZZZZZZZZZZZ')).resolves.toBeNull();
  });

  it('keeps an rfq submission\'s job on its row', async () => {
    await database.query(
      "INSERT INTO rfq_submissions (id, rfq_link_id, created_at, idempotency_key, body, schema_version) VALUES ('sub_1', 'rfq_1', '2026-11-02T15:00:00.000+00:00', 'k', '{}', 1)",
    );
    await expect(repository.rfqJob('sub_1')).resolves.toBeNull();
    const job = JSON.stringify({ description: 'Weld a base plate', material: 'mild steel', thickness_in: 0.375, quantity: 12 });
    await repository.keepRfqJob('sub_1', job);
    await expect(repository.rfqJob('sub_1')).resolves.toBe(job);
  });
}
