// Order requests through the service over a real SQLite database: prices from the stored quotes,
// the form's fulfilment and contact checked, one request per form, expired links refused.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceError } from '@shop/contracts';
import type { Quote } from '@shop/contracts';
import { orderRequestReference } from '@shop/notify';
import { createOrderRequestRepository, openStorage } from '@shop/storage';
import type { OrderRequestRepository, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';
import { createService } from './service';
import type { Service } from './service';

const START = new Date('2026-11-02T15:00:00.000Z');
const at = (days = 0): RequestContext => ({ clientIp: '203.0.113.7', now: new Date(START.getTime() + days * 86_400_000) });

const plate = (extra: Record<string, unknown> = {}) => ({
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'single', x_in: 3, y_in: 2, diameter_in: 0.5 }],
  quantity: 10,
  label: 'Base plate',
  ...extra,
});
const kit = { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2 };

const pickupForm = { fulfilment: 'pickup', name: 'Dana Reyes', email: 'dana@example.com', phone: '519 555 0100', company: 'Reyes Farms', note: null };
const deliveryForm = { ...pickupForm, fulfilment: 'delivery', address_line1: '12 Front St W', address_line2: '', city: 'Guelph', province: 'on', postal_code: 'n1h2a1' };

/** The 422's problems as `param: message`, or the code of another failure. */
async function refusal(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.status !== 422) return [`${error.status} ${error.code}`];
    const listed = (error.details?.errors as Array<{ param: string; message: string }> | undefined) ?? [{ param: error.param ?? '', message: error.message }];
    return listed.map((problem) => `${problem.param}: ${problem.message}`);
  }
  throw new Error('expected a refusal');
}

describe('order requests', () => {
  let dir: string;
  let storage: Storage;
  let limits: RateLimits;
  let orderRequests: OrderRequestRepository;
  let service: Service;
  let quotes: Quote[];
  let handoffId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-orders-'));
    storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir });
    limits = createRateLimits({ storage, redisUrl: null, prefix: `orders-${process.pid}`, scale: 100 });
    await limits.ready();
    orderRequests = createOrderRequestRepository(storage);
    service = createService({
      config: { publicUrl: 'http://quotes.test', shopUrl: 'http://quotes.test', plateOrdersEnabled: true },
      storage,
      orderRequests,
      limits,
      pricingThreads: 1,
    });
    // Two quotes, three items: the link lists them in the quotes' order.
    const first = JSON.parse((await service.createQuote({ items: [plate(), kit] }, at(), 'rest')).json) as Quote;
    const second = JSON.parse((await service.createQuote({ items: [plate({ thickness_in: 0.1875, quantity: 4, label: 'Gusset' })] }, at(), 'rest')).json) as Quote;
    quotes = [first, second];
    handoffId = (await service.createHandoff({ quote_ids: [first.id, second.id] }, at())).id;
  });
  afterAll(async () => {
    await service.close();
    await limits.close();
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows every item of the link at its quote\'s price, with the quotes\' totals', async () => {
    const draft = await service.getOrderRequestForm(handoffId, at(1));
    const quotedItems = quotes.flatMap((quote) => quote.items.map((item) => ({ quote, item })));
    expect(draft.lines.map((line) => [line.quoteId, line.index, line.quantity, line.unitAmountCents, line.amountCents])).toEqual(
      quotedItems.map(({ quote, item }) => [quote.id, item.index, item.quantity, item.unit_amount_cents, item.amount_cents]),
    );
    const subtotal = quotes.reduce((sum, quote) => sum + quote.amount_subtotal_cents!, 0);
    expect(draft.subtotalCents).toBe(subtotal);
    expect(draft.taxCents).toBe(Math.floor((subtotal * 13 + 50) / 100));
    expect(draft.totalCents).toBe(subtotal + draft.taxCents);
    expect(draft.leftOut).toEqual([]);
    expect(draft.priceBook).toBe(quotes[0]!.price_book);
  });

  it('keeps the prices of the stored quotes whatever figures the form carries', async () => {
    const tampered = {
      ...deliveryForm,
      unit_amount_cents: '1',
      amount_cents: '1',
      subtotal_cents: '1',
      items: [{ quote_id: quotes[0]!.id, index: 0, quantity: 1000, unit_amount_cents: 1 }],
    };
    const result = await service.createOrderRequest(handoffId, tampered, 'form-a', at(1));
    expect(result.created).toBe(true);
    expect(result.id).toMatch(/^or_[0-9A-Za-z]{22}$/);
    const kept = await service.getOrderRequest(result.id, at(1));
    expect(kept.lines.map((line) => [line.quoteId, line.index, line.quantity, line.unitAmountCents, line.amountCents])).toEqual(
      quotes.flatMap((quote) => quote.items.map((item) => [quote.id, item.index, item.quantity, item.unit_amount_cents, item.amount_cents])),
    );
    expect(kept.subtotalCents).toBe(quotes.reduce((sum, quote) => sum + quote.amount_subtotal_cents!, 0));
    expect(kept).toMatchObject({
      handoffId,
      state: 'new',
      fulfilment: 'delivery',
      address: { line1: '12 Front St W', line2: null, city: 'Guelph', province: 'ON', postalCode: 'N1H 2A1' },
      contact: { name: 'Dana Reyes', email: 'dana@example.com', phone: '519 555 0100', company: 'Reyes Farms', note: null },
    });
  });

  it('keeps one request for one form sent twice, and another for a new form', async () => {
    const first = await service.createOrderRequest(handoffId, pickupForm, 'form-b', at(1));
    const again = await service.createOrderRequest(handoffId, { ...pickupForm, name: 'Someone Else' }, 'form-b', at(1));
    expect(again).toEqual({ id: first.id, created: false });
    expect((await service.getOrderRequest(first.id, at(1))).contact.name).toBe('Dana Reyes');
    const other = await service.createOrderRequest(handoffId, pickupForm, 'form-c', at(1));
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(first.id);
  });

  it('takes control and bidi characters out of the contact, and tells the shop of the request by its public reference, never its or_ id', async () => {
    const forged = { ...deliveryForm, name: 'Dana\r\nBcc: all@example.org\u202E Reyes\u200F', company: 'Reyes\u2066 Farms\u0007', phone: '519\t555 0100', address_line1: '12 Front\u2028St W', note: 'Line one\r\nLine two\u202E\u0000' };
    await storage.webhooks.add({ name: 'erp', url: 'https://erp.example/hooks', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events: ['order_request.created'], createdBy: null, createdAt: START });
    const result = await service.createOrderRequest(handoffId, forged, 'form-clean', at(1));
    const kept = await service.getOrderRequest(result.id, at(1));
    expect(kept.contact).toMatchObject({ name: 'Dana Bcc: all@example.org Reyes', company: 'Reyes Farms', phone: '519 555 0100', note: 'Line one\nLine two' });
    expect(kept.address).toMatchObject({ line1: '12 Front St W' });
    const rows = await storage.outbox.forSubject(`order/${result.id}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(JSON.parse(row.payload).data).toMatchObject({ reference: orderRequestReference(result.id), name: 'Dana Bcc: all@example.org Reyes' });
      expect(row.payload).not.toContain(result.id);
    }
    // A name of nothing but controls is no name.
    await expect(refusal(service.createOrderRequest(handoffId, { ...pickupForm, name: '\u202E\r\n' }, 'form-empty', at(1)))).resolves.toEqual(['name: name must be at least 1 characters long.']);
  });

  it('keeps no address for a pickup, whatever the address fields held', async () => {
    const result = await service.createOrderRequest(handoffId, { ...pickupForm, address_line1: '1 Main St', province: 'XX', postal_code: 'nope' }, 'form-d', at(1));
    await expect(service.getOrderRequest(result.id, at(1))).resolves.toMatchObject({ fulfilment: 'pickup', address: null });
  });

  it('says what is wrong with each field of the contact and the address', async () => {
    await expect(
      refusal(service.createOrderRequest(handoffId, { fulfilment: 'delivery', name: ' ', email: 'dana@', address_line1: '', city: 'Guelph', province: 'XX', postal_code: '12345' }, 'form-e', at(1))),
    ).resolves.toEqual([
      'name: name must be at least 1 characters long.',
      'email: email must be a valid email.',
      'address_line1: address_line1 is required for delivery.',
      'province: province must be one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT.',
      'postal_code: postal_code must be a Canadian postal code, e.g. N1H 2A1.',
    ]);
    await expect(refusal(service.createOrderRequest(handoffId, { ...pickupForm, fulfilment: 'ship' }, 'form-f', at(1)))).resolves.toEqual([
      'fulfilment: fulfilment must be one of "pickup", "delivery".',
    ]);
    await expect(refusal(service.createOrderRequest(handoffId, { ...pickupForm, phone: 'call me', note: 'x'.repeat(1001) }, 'form-g', at(1)))).resolves.toEqual([
      'phone: phone may use only digits, spaces and + ( ) . - x.',
      'note: note must be at most 1000 characters long.',
    ]);
  });

  it('refuses an unknown link, an expired one, and an unknown request', async () => {
    await expect(refusal(service.getOrderRequestForm('h_0000000000000000000000', at(1)))).resolves.toEqual(['404 handoff_not_found']);
    await expect(refusal(service.createOrderRequest('nonsense', pickupForm, 'form-h', at(1)))).resolves.toEqual(['404 handoff_not_found']);
    await expect(refusal(service.createOrderRequest(handoffId, pickupForm, 'form-i', at(8)))).resolves.toEqual(['410 link_expired']);
    await expect(refusal(service.getOrderRequestForm(handoffId, at(8)))).resolves.toEqual(['410 link_expired']);
    await expect(refusal(service.getOrderRequest('or_0000000000000000000000', at(1)))).resolves.toEqual(['404 order_request_not_found']);
  });

  it('keeps the job an rfq link was made for beside the submission, even when the form edited it', async () => {
    const link = await service.createRfqLink({ description: 'Weld a 3/8 in base plate to a 4 x 4 HSS post', material: 'mild steel', thickness_in: 0.375, quantity: 12 }, at());
    const submission = await service.submitRfq(
      link.id,
      { description: 'Something else entirely', material: null, thickness_in: null, quantity: 1, name: 'Dana Reyes', email: 'dana@example.com', phone: null, company: null },
      'rfq-form-a',
      at(),
    );
    await expect(orderRequests.rfqJob(submission.id).then((job) => JSON.parse(job ?? 'null'))).resolves.toEqual({
      description: 'Weld a 3/8 in base plate to a 4 x 4 HSS post',
      material: 'mild steel',
      thickness_in: 0.375,
      quantity: 12,
    });
  });
});
