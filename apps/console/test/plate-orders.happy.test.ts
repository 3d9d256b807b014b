// The online plate orders switch set in the console, seen by the REST and MCP apps on the same
// database: the materials list empty and a plate item refused while off or paused, back after.
import { startConsole, type Browser, type ConsoleTestApp } from './console-harness';
import { startShopBeside, type ShopBeside } from './shop-beside';

const CACHE_MS = 1000;
const plate = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 }, quantity: 2 };

let app: ConsoleTestApp;
let shop: ShopBeside;
let owner: Browser;

beforeAll(async () => {
  app = await startConsole();
  shop = await startShopBeside(app);
  await app.addPerson('olive@shop.test', 'owner');
  owner = app.browser();
  await owner.signIn('olive@shop.test');
});

afterAll(async () => {
  await shop?.close();
  await app?.close();
});

async function materials(): Promise<{ rest: unknown[]; mcp: unknown[] }> {
  const rest = await shop.rest('GET', '/api/v1/materials');
  const mcp = await shop.tool('list_materials');
  return { rest: rest.json.data, mcp: mcp.json.data };
}

describe('the plate orders switch', () => {
  it('switched off in the console: GET /materials and list_materials answer [], a plate item is refused with the notice, until it is switched on', async () => {
    const open = await materials();
    expect(open.rest.length).toBeGreaterThan(0);
    expect(open.mcp).toEqual(open.rest);

    const off = await owner.post('/plate-orders', { _csrf: await owner.csrf('/plate-orders'), state: 'off', message: 'The laser is being serviced.', from: '', until: '' });
    expect([off.status, off.location]).toEqual([303, '/plate-orders?saved=1']);
    const page = await owner.get('/plate-orders?saved=1');
    const notice = 'Online plate orders are switched off until further notice. The laser is being serviced.';
    expect(page.text).toContain(`What customers read now: <q>${notice}</q>`);
    expect(page.text).toContain('<strong>Off</strong> until an owner switches them on.');

    app.advance(CACHE_MS);
    expect(await materials()).toEqual({ rest: [], mcp: [] });
    const refused = await shop.rest('POST', '/api/v1/quotes', { items: [plate] });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'material_unavailable', param: 'items[0].material' });
    expect(refused.json.error.message).toBe(`material "mild_steel" is not available. ${notice} Ask for a quote-request link (create_rfq_link or POST /rfq-links) instead.`);
    const tool = await shop.tool('quote_plate', { ...plate, kind: undefined });
    expect(tool.isError).toBe(true);
    expect(tool.json.error).toMatchObject({ code: 'material_unavailable' });

    expect((await owner.post('/plate-orders', { _csrf: await owner.csrf('/plate-orders'), state: 'on' })).status).toBe(303);
    app.advance(CACHE_MS);
    expect(await materials()).toEqual(open);
    expect((await shop.rest('POST', '/api/v1/quotes', { items: [plate] })).status).toBe(201);
  });

  it('paused from a date to a date (Toronto time): closed inside the window only, and each switch audited', async () => {
    // 2 November 10:00 to 18:00 in Toronto (EST) is 15:00 to 23:00 UTC: the clock (15:00 UTC and a little) is inside it.
    const paused = await owner.post('/plate-orders', { _csrf: await owner.csrf('/plate-orders'), state: 'paused', from: '2026-11-02T10:00', until: '2026-11-02T18:00', message: 'Inventory count.' });
    expect(paused.status).toBe(303);
    app.advance(CACHE_MS);
    expect(await materials()).toEqual({ rest: [], mcp: [] });
    const refused = await shop.rest('POST', '/api/v1/quotes', { items: [plate] });
    expect(refused.json.error.message).toContain('Online plate orders are paused until November 2, 2026');
    expect(refused.json.error.message).toContain('Inventory count.');

    app.advance(new Date('2026-11-02T23:00:00.000Z').getTime() - app.now().getTime() + CACHE_MS);
    expect((await materials()).rest.length).toBeGreaterThan(0);

    await owner.signIn('olive@shop.test');
    const refusedForm = await owner.post('/plate-orders', { _csrf: await owner.csrf('/plate-orders'), state: 'paused', from: 'soon', until: '', message: '' });
    expect(refusedForm.status).toBe(422);
    expect(refusedForm.text).toContain('A pause needs the date and time it starts and the one it ends (Toronto time).');

    const switched = (await app.opened.audit.list({ limit: 20 })).entries.filter((entry) => entry.action === 'plate_orders_switched');
    expect(switched.map((entry) => entry.detail)).toEqual([
      { state: 'paused', from: '2026-11-02T15:00:00.000Z', until: '2026-11-02T23:00:00.000Z' },
      { state: 'on', from: null, until: null },
      { state: 'off', from: null, until: null },
    ]);
  });
});
