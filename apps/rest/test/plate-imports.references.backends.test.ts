// Quotes, order links and replays that name an import keep its reference, not its outline; the
// import is kept as long as the last of them; a drawing with a blocking issue is quoted blocked; the
// pages and drawings of a large import work; and a drawing past its limit is refused unread.
import http from 'node:http';
import { PlateImport, Quote } from '@shop/contracts';
import { BACKENDS, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { bracketDxf, bracketTyped, openContourDxf } from './fixtures';
import { expectError } from './harness';

/** R12 DXF text of entities given as [code, value] pairs. */
function dxfOf(entities: Array<Array<[number, string | number]>>): string {
  const lines = ['0', 'SECTION', '2', 'HEADER', '9', '$INSUNITS', '70', '1', '0', 'ENDSEC', '0', 'SECTION', '2', 'ENTITIES'];
  for (const pairs of entities) for (const [code, value] of pairs) lines.push(String(code), String(value));
  lines.push('0', 'ENDSEC', '0', 'EOF', '');
  return lines.join('\n');
}

/**
 * A disc 40 in across saved as one polyline of 2,000 corners with 300 round holes: more holes than a
 * typed plate may list (200 entries), as only an import can have.
 */
function largeDiscDxf(): string {
  const corners = Array.from({ length: 2000 }, (_, k): Array<[number, number]> => {
    const a = (2 * Math.PI * k) / 2000;
    return [[10, Number((20 + 20 * Math.cos(a)).toFixed(5))], [20, Number((20 + 20 * Math.sin(a)).toFixed(5))]];
  }).flat();
  const outline: Array<[number, string | number]> = [[0, 'LWPOLYLINE'], [8, 'CUT'], [90, 2000], [70, 1], ...corners];
  const holes = Array.from({ length: 300 }, (_, k): Array<[number, string | number]> => [[0, 'CIRCLE'], [8, 'CUT'], [10, 8 + (k % 20) * 1.2], [20, 12 + Math.floor(k / 20) * 1.1], [40, 0.2]]);
  return dxfOf([outline, ...holes]);
}

const plateOf = (importId: string, extra: Record<string, unknown> = {}) => ({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: importId, ...extra });

describe.each(BACKENDS)('imports named by reference on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  const upload = async (dxf: string, headers: Record<string, string> = {}) => {
    const reply = await app.http.request('POST', '/api/v1/plate-imports', { raw: dxf, headers: { 'content-type': 'application/dxf', ...headers } });
    expect(reply.status).toBe(201);
    return { reply, found: PlateImport.parse(reply.json) };
  };
  const quote = (items: unknown[]) => app.http.request('POST', '/api/v1/quotes', { body: { items } });

  it('quotes a drawing with a blocking issue as a blocked item with that issue, 201, not an error', async () => {
    const { found } = await upload(openContourDxf());
    expect(found.issues.map((issue) => issue.code)).toContain('dxf_open_contour');
    const reply = await quote([plateOf(found.id), bracketTyped()]);
    expect(reply.status).toBe(201);
    const body = Quote.parse(reply.json);
    expect(body.status).toBe('blocked');
    const [item, typed] = body.items;
    expect(item).toMatchObject({ status: 'blocked', amount_cents: null, unit_amount_cents: null });
    expect(item!.issues[0]).toEqual({ ...found.issues.find((issue) => issue.code === 'dxf_open_contour'), param: 'items[0].import_id' });
    // The typed item beside it is priced as usual.
    expect(typed).toMatchObject({ status: 'ready' });
    // A blocked plate has no drawing.
    expectError(await app.http.request('GET', `/api/v1/quotes/${body.id}/items/0/preview.svg`), 404, 'not_found_error', 'preview_not_found');
  });

  it("keeps a quote's request, its order link's designs and a replayed import as references, bounded like a typed request", async () => {
    const { reply: imported, found } = await upload(largeDiscDxf(), { 'idempotency-key': 'disc-1' });
    expect(found.counts.holes).toBe(300);
    const importBytes = Buffer.byteLength(imported.text);
    expect(importBytes).toBeGreaterThan(40_000);

    const items = Array.from({ length: 10 }, (_, k) => plateOf(found.id, { quantity: k + 1 }));
    const quoted = await quote(items);
    expect(quoted.status).toBe(201);
    const body = Quote.parse(quoted.json);
    expect(body.status).toBe('ready');
    const row = await app.runtime.storage.quotes.get(body.id, app.clock.now());
    // The body is the answer, byte for byte; the request keeps ten references (not ten outlines).
    expect(row!.body).toBe(quoted.text);
    expect(Buffer.byteLength(row!.request)).toBeLessThan(4096);
    expect(JSON.parse(row!.request).items[3]).toEqual({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: found.id, quantity: 4, quantity_options: [], label: null });
    expect(Buffer.byteLength(row!.body) + Buffer.byteLength(row!.request)).toBeLessThan(256 * 1024);

    const handoff = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [body.id] } });
    expect(handoff.status).toBe(201);
    const designs = await app.runtime.storage.designs.listForHandoff(handoff.json.id, app.clock.now());
    expect(designs).toHaveLength(10);
    for (const design of designs) expect(Buffer.byteLength(design.design)).toBeLessThan(8192);

    // The replay is the import's own body, and the key kept no second copy of it.
    const again = await app.http.request('POST', '/api/v1/plate-imports', { raw: largeDiscDxf(), headers: { 'content-type': 'application/dxf', 'idempotency-key': 'disc-1' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(imported.text);
  }, 60_000);

  it('draws, writes and prices the large import from every page that names it (the quoter page answered 500 before)', async () => {
    const { found } = await upload(largeDiscDxf());
    const body = Quote.parse((await quote([plateOf(found.id, { quantity: 5 }), plateOf(found.id, { quantity: 7, bends: [] })])).json);
    const preview = await app.http.request('GET', `/api/v1/quotes/${body.id}/items/1/preview.svg`);
    expect(preview.status).toBe(200);
    expect(preview.text.match(/<circle/g)).toHaveLength(300);
    // Asked again: the same drawing.
    expect((await app.http.request('GET', `/api/v1/quotes/${body.id}/items/1/preview.svg`)).text).toBe(preview.text);
    const dxf = await app.http.request('GET', `/api/v1/quotes/${body.id}/items/0/drawing.dxf`, { headers: { 'accept-encoding': 'identity' } });
    expect(dxf.status).toBe(200);
    expect(dxf.headers.get('content-encoding')).toBeNull();
    expect(dxf.text.match(/\nCIRCLE\n/g)).toHaveLength(300);
    // Compressed for a client that takes it: the same text.
    const compressed = await app.http.request('GET', `/api/v1/quotes/${body.id}/items/0/drawing.dxf`, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    expect(compressed.text).toBe(dxf.text);
    // The cut file imports back to the same part.
    const back = (await upload(dxf.text)).found;
    expect(back.counts).toEqual(found.counts);

    const handoff = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [body.id] } });
    const order = await app.http.request('GET', new URL(handoff.json.url).pathname);
    const designId = /\/plate\/(pd_[0-9A-Za-z]+)/.exec(order.text)![1]!;
    const page = await app.http.request('GET', `/plate/${designId}?quantity=12`);
    expect(page.status).toBe(200);
    expect(page.text.match(/<circle/g)!.length).toBeGreaterThanOrEqual(300);
    const price = await app.http.request('GET', `/plate/${designId}/price?quantity=12`);
    expect(price.status).toBe(200);
    // Priced by the same pricing as a quote of 12.
    const fresh = Quote.parse((await quote([plateOf(found.id, { quantity: 12 })])).json).items[0]!;
    expect(price.json).toMatchObject({ quantity: 12, amount_cents: fresh.amount_cents, unit_amount_cents: fresh.unit_amount_cents });
    // At the quoted quantity the change since the quote is nothing.
    expect((await app.http.request('GET', `/plate/${designId}/price?quantity=5`)).json.change_since_quote_cents).toBe(0);
  }, 60_000);

  it('keeps an import while a quote naming it is kept, past the import\'s own 30 days', async () => {
    const { found } = await upload(bracketDxf());
    app.clock.advanceDays(29);
    const body = Quote.parse((await quote([{ ...plateOf(found.id), thickness_in: 0.1345 }])).json);
    // 33 days after the import's expiry (past its own retention), the quote's drawings still read it.
    app.clock.advanceDays(1 + 30 + 3);
    await app.runtime.storage.purgeExpired(app.clock.now());
    expect((await app.http.request('GET', `/api/v1/quotes/${body.id}/items/0/drawing.dxf`)).status).toBe(200);
    expect((await app.http.request('GET', `/api/v1/quotes/${body.id}/items/0/preview.svg`)).status).toBe(200);
    // It cannot be named by a new quote any more.
    expectError(await quote([{ ...plateOf(found.id), thickness_in: 0.1345 }]), 422, 'invalid_request_error', 'import_unknown');
    // Once the quote is gone, so is the import.
    app.clock.advanceDays(8);
    await expect(app.runtime.storage.purgeExpired(app.clock.now())).resolves.toMatchObject({ quotes: 1, plateImports: 1 });
  });

  it('reads and draws a quote kept before references, with its outline in the request', async () => {
    const made = Quote.parse((await quote([bracketTyped()])).json);
    const row = await app.runtime.storage.quotes.get(made.id, app.clock.now());
    // A typed plate's request reads as version 1 wrote it (every plate's shapes, defaults applied).
    expect(JSON.parse(row!.request).items[0].outline.points_in).toHaveLength(4);
    await app.runtime.storage.quotes.insert({ ...row!, id: 'q_version1aaaaaaaaaaaaaa', body: row!.body.replace(made.id, 'q_version1aaaaaaaaaaaaaa'), schemaVersion: 1 });
    const read = await app.http.request('GET', '/api/v1/quotes/q_version1aaaaaaaaaaaaaa');
    expect(read.status).toBe(200);
    const fromV1 = await app.http.request('GET', '/api/v1/quotes/q_version1aaaaaaaaaaaaaa/items/0/drawing.dxf');
    const fromV2 = await app.http.request('GET', `/api/v1/quotes/${made.id}/items/0/drawing.dxf`);
    expect(fromV1.status).toBe(200);
    expect(fromV1.text.replace(/q_version1a+/g, 'Q')).toBe(fromV2.text.replace(made.id, 'Q'));
    expect((await app.http.request('GET', '/api/v1/quotes/q_version1aaaaaaaaaaaaaa/items/0/preview.svg')).status).toBe(200);
  });
});

describe('a drawing past the limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => app.close());

  /**
   * Sends the headers of a 5 MiB upload and 64 KiB of its body, then waits for the answer before
   * sending more: a server that read the whole body before answering would never answer.
   */
  function partialUpload(path: string, contentType: string): Promise<{ status: number; connection: string | undefined }> {
    const url = new URL(app.http.baseUrl);
    return new Promise((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, path, method: 'POST', headers: { 'content-type': contentType, 'content-length': String(5 * 1024 * 1024) } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        request.destroy();
      });
      request.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      request.write(Buffer.alloc(64 * 1024, ' '));
    });
  }

  it('is refused 429 before its body is read, on the API and on the upload page', async () => {
    // 60 a minute: spend them.
    for (let k = 0; k < 60; k++) expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped()] } })).status).toBe(201);
    await expect(partialUpload('/api/v1/plate-imports', 'application/dxf')).resolves.toEqual({ status: 429, connection: 'close' });
    await expect(partialUpload('/plate/new', 'multipart/form-data; boundary=x')).resolves.toEqual({ status: 429, connection: 'close' });
  }, 30_000);
});
