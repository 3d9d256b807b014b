// The online plate orders switch: off, paused for a window, on again; what the materials list, a plate
// item, a product and the pages do meanwhile; and the setting that keeps plate orders closed.
import { ServiceError } from '@shop/contracts';
import type { Quote } from '@shop/contracts';
import { formatShopTime } from './plate-orders';
import { openTestShopService } from './test-shop-service';
import type { TestShopService } from './test-shop-service';

const plate = {
  kind: 'plate',
  material: 'stainless_304',
  thickness_in: 0.1875,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  quantity: 5,
};
const kit = { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 };
const RFQ = 'Ask for a quote-request link (create_rfq_link or POST /rfq-links) instead.';

async function refusal(shop: TestShopService, items: unknown[]): Promise<ServiceError> {
  const error = await shop.service.createQuote({ items }, shop.ctx(), 'rest').then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ServiceError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

async function materials(shop: TestShopService): Promise<string[]> {
  return (await shop.service.listMaterials({}, shop.ctx())).data.map((material) => material.id);
}

describe('the plate orders switch', () => {
  let shop: TestShopService;

  beforeEach(async () => {
    shop = await openTestShopService({ start: '2026-12-20T15:00:00.000Z' });
  });
  afterEach(() => shop.close());

  it('is on until set: four materials listed and plate items quoted', async () => {
    expect(await shop.service.getPlateOrders()).toMatchObject({ open: true, state: 'on', notice: null, updatedAt: null });
    expect(await materials(shop)).toEqual(['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061']);
    expect(JSON.parse((await shop.service.createQuote({ items: [plate] }, shop.ctx(), 'rest')).json).status).toBe('ready');
  });

  it('switched off: no materials, a plate item refused with material_unavailable and the owner’s words, products still quoted', async () => {
    const status = await shop.service.setPlateOrders({ state: 'off', message: 'The laser is being rebuilt.' }, 'st_owner');
    expect(status).toMatchObject({ open: false, state: 'off', notice: 'Online plate orders are switched off until further notice. The laser is being rebuilt.', updatedBy: 'st_owner' });
    expect(await materials(shop)).toEqual([]);
    // The tools' descriptions, written once at start, keep naming the materials; each call answers the switch.
    expect(shop.service.catalogSummary().materials).toHaveLength(4);
    const error = await refusal(shop, [kit, plate]);
    expect(error).toMatchObject({ code: 'material_unavailable', status: 422, param: 'items[1].material' });
    expect(error.message).toBe(`material "stainless_304" is not available. Online plate orders are switched off until further notice. The laser is being rebuilt. ${RFQ}`);
    const product = JSON.parse((await shop.service.createQuote({ items: [kit] }, shop.ctx(), 'rest')).json) as Quote;
    expect(product.status).toBe('ready');
    expect(product.items[0]!.amount_cents).toBeGreaterThan(0);
    // Quote-request links still work.
    await expect(shop.service.createRfqLink({ description: '6 x 4 in plate, 3/16 in 304, 5 pieces' }, shop.ctx())).resolves.toMatchObject({ object: 'rfq_link' });
  });

  it('paused: open before the window, closed inside it with until when, open again after, without a restart', async () => {
    const from = new Date('2026-12-24T05:00:00.000Z');
    const until = new Date('2027-01-04T13:00:00.000Z');
    await shop.service.setPlateOrders({ state: 'paused', from: from.toISOString(), until: until.toISOString(), message: 'The shop is closed over the holidays.' }, 'st_owner');
    expect(await materials(shop)).toHaveLength(4);
    shop.clock.set(from);
    expect(await materials(shop)).toEqual([]);
    const notice = `Online plate orders are paused until ${formatShopTime(until)}. The shop is closed over the holidays.`;
    expect(formatShopTime(until)).toBe('January 4, 2027 at 8:00 a.m. EST');
    expect((await refusal(shop, [plate])).message).toBe(`material "stainless_304" is not available. ${notice} ${RFQ}`);
    expect(await shop.service.getPlateOrders()).toMatchObject({ open: false, state: 'paused', pausedFrom: from, pausedUntil: until, notice });
    shop.clock.set(new Date(until.getTime() - 1));
    expect(await materials(shop)).toEqual([]);
    shop.clock.set(until);
    expect(await materials(shop)).toHaveLength(4);
    expect(JSON.parse((await shop.service.createQuote({ items: [plate] }, shop.ctx(), 'rest')).json).status).toBe('ready');
  });

  it('keeps the pages working while closed, each saying why', async () => {
    const quote = JSON.parse((await shop.service.createQuote({ items: [plate, kit] }, shop.ctx(), 'rest')).json) as Quote;
    const handoff = await shop.service.createHandoff({ quote_ids: [quote.id] }, shop.ctx());
    await shop.service.setPlateOrders({ state: 'off' }, 'st_owner');
    const page = await shop.service.getOrderPage(handoff.id, shop.ctx());
    expect(page.plateOrders.notice).toBe('Online plate orders are switched off until further notice.');
    expect(page.items.map((item) => item.quoted?.amount_cents)).toEqual(quote.items.map((item) => item.amount_cents));
    const quoter = await shop.service.getPlateQuoter(page.items[0]!.designId!, undefined, shop.ctx());
    expect(quoter.plateOrders.open).toBe(false);
    expect(quoter.materialName).toBe('Stainless steel 304');
    // Today's price is still shown beside the notice (the same book: the quoted figure).
    expect(quoter.reprice.item.amount_cents).toBe(quote.items[0]!.amount_cents);
    expect(quoter.svg).toContain('<svg');
    await shop.service.setPlateOrders({ state: 'on' }, 'st_owner');
    expect((await shop.service.getOrderPage(handoff.id, shop.ctx())).plateOrders).toMatchObject({ open: true, notice: null });
  });

  it.each([
    ['a pause that ends before it starts', { state: 'paused', from: '2026-12-24T05:00:00Z', until: '2026-12-23T05:00:00Z' }, 'until'],
    ['a pause that has already ended', { state: 'paused', from: '2026-12-01T05:00:00Z', until: '2026-12-02T05:00:00Z' }, 'until'],
    ['a date that is not one', { state: 'paused', from: 'soon', until: '2026-12-23T05:00:00Z' }, 'from'],
    ['a state the switch does not have', { state: 'maybe' }, 'state'],
    ['words past 500 characters', { state: 'off', message: 'x'.repeat(501) }, 'message'],
  ])('refuses %s, naming the field', async (_name, setting, param) => {
    const error = await shop.service.setPlateOrders(setting, 'st_owner').then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'parameter_invalid', param });
    expect(await shop.service.getPlateOrders()).toMatchObject({ state: 'on' });
  });

  it('two processes on one database agree on the switch once the cache has aged', async () => {
    const other = await openTestShopService({ rootDir: shop.rootDir, start: '2026-12-20T15:00:00.000Z' });
    try {
      expect(await materials(other)).toHaveLength(4);
      await shop.service.setPlateOrders({ state: 'off' }, 'st_owner');
      other.clock.set('2026-12-20T15:00:01.000Z');
      expect(await materials(other)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('with PLATE_ORDERS_ENABLED false', () => {
  it('keeps plate orders closed whatever the switch says', async () => {
    const shop = await openTestShopService({ plateOrdersEnabled: false });
    try {
      expect(await shop.service.getPlateOrders()).toMatchObject({ open: false, state: 'on', closedBySetting: true, notice: 'Online plate orders are switched off for now.' });
      expect(await materials(shop)).toEqual([]);
      expect(shop.service.catalogSummary().materials).toEqual([]);
      expect(await refusal(shop, [plate])).toMatchObject({ code: 'material_unavailable', param: 'items[0].material' });
    } finally {
      await shop.close();
    }
  });
});
