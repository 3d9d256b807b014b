import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PlateImport, Quote } from '@shop/contracts';
import { BACKENDS, START, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { bracketDxf, bracketTyped, kitProduct } from './fixtures';
import { expectError } from './harness';

const inch = (mm: number) => Math.round((mm / 25.4) * 1e6) / 1e6;

describe.each(BACKENDS)('plate imports on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  const upload = (dxf: string | Buffer, query = '', type = 'application/dxf') =>
    app.http.request('POST', `/api/v1/plate-imports${query}`, { raw: dxf, headers: { 'content-type': type } });

  it('reads a DXF file into the part: size, holes, cut-out, bend, what was not cut', async () => {
    const reply = await upload(bracketDxf(), '?filename=bracket-a.dxf');
    expect(reply.status).toBe(201);
    const found = PlateImport.parse(reply.json);
    expect(found.id).toMatch(/^pi_[0-9A-Za-z]{22}$/);
    expect(found).toMatchObject({
      object: 'plate_import',
      created_at: START,
      expires_at: new Date(Date.parse(START) + 30 * 86_400_000).toISOString(),
      filename: 'bracket-a.dxf',
      units: 'mm',
      width_in: inch(150),
      height_in: inch(100),
      counts: { contours: 6, holes: 4, cutouts: 1, bends: 1 },
      issues: [],
      preview_url: `http://quotes.test/api/v1/plate-imports/${found.id}/preview.svg`,
    });
    expect(found.plate.holes).toEqual([[20, 20], [130, 20], [20, 80], [130, 80]].map(([x, y]) => ({ kind: 'single', x_in: inch(x!), y_in: inch(y!), diameter_in: inch(10) })));
    expect(found.plate.cutouts).toHaveLength(1);
    expect(found.plate.bends).toEqual([{ start_in: [inch(40), 0], end_in: [inch(40), inch(100)], angle_deg: 90, direction: 'up' }]);
    expect(found.ignored).toEqual([expect.objectContaining({ type: 'TEXT', layer: 'NOTES', count: 1 })]);

    const preview = await app.http.request('GET', new URL(found.preview_url!).pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(preview.text.match(/<circle/g)).toHaveLength(4);
  });

  it('quotes the import by import_id at the same price as the part typed as JSON', async () => {
    const found = PlateImport.parse((await upload(bracketDxf())).json);
    const imported = await app.http.request('POST', '/api/v1/quotes', {
      body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: found.id, quantity: 10 }, kitProduct()] },
    });
    expect(imported.status).toBe(201);
    const typed = await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped()] } });
    const [fromDrawing] = Quote.parse(imported.json).items;
    const [fromJson] = Quote.parse(typed.json).items;
    expect(fromDrawing).toMatchObject({ status: 'ready', quantity: 10 });
    expect(fromDrawing!.plate).toMatchObject({ hole_count: 4, bend_count: 1, width_in: 5.9055, height_in: 3.937 });
    expect([fromDrawing!.unit_amount_cents, fromDrawing!.amount_cents, fromDrawing!.quantity_options]).toEqual([fromJson!.unit_amount_cents, fromJson!.amount_cents, fromJson!.quantity_options]);
    expect(fromDrawing!.plate!.weight_lb).toBe(fromJson!.plate!.weight_lb);
    expect(fromDrawing!.plate!.cut_length_in).toBe(fromJson!.plate!.cut_length_in);
  });

  it('prices a drawing saved by Inkscape the same as the part typed as JSON', async () => {
    // packages/drawings/test/fixtures/SOURCES.md: a 7 x 4 in plate with a 2 x 2 in chamfer, three
    // 1/2 in holes (written as splines, so they come in as cut-outs) and a 2 x 1.5 in cut-out.
    const file = readFileSync(path.resolve(__dirname, '../../../packages/drawings/test/fixtures/inkscape-plate-in-r14.dxf'));
    const found = PlateImport.parse((await upload(file)).json);
    expect(found).toMatchObject({ units: 'in', width_in: 7, height_in: 4, counts: { holes: 0, cutouts: 4 }, issues: [] });
    const item = { kind: 'plate', material: 'mild_steel', thickness_in: 0.1875, quantity: 20 };
    const fromDrawing = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ ...item, import_id: found.id }] } })).json).items[0]!;
    const typed = {
      ...item,
      outline: { kind: 'polygon', points_in: [[0, 2], [2, 0], [7, 0], [7, 4], [0, 4]] },
      holes: [[1, 3], [6, 3], [6, 1]].map(([x, y]) => ({ kind: 'single', x_in: x, y_in: y, diameter_in: 0.5 })),
      cutouts: [{ kind: 'polygon', points_in: [[3, 1.5], [5, 1.5], [5, 3], [3, 3]] }],
    };
    const fromJson = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [typed] } })).json).items[0]!;
    expect(fromDrawing.status).toBe('ready');
    expect([fromDrawing.unit_amount_cents, fromDrawing.amount_cents]).toEqual([fromJson.unit_amount_cents, fromJson.amount_cents]);
  });

  it('reads a drawing saved by FreeCAD: exact circles become round holes', async () => {
    const file = readFileSync(path.resolve(__dirname, '../../../packages/drawings/test/fixtures/freecad-flange-mm-r14.dxf'));
    const found = PlateImport.parse((await upload(file)).json);
    expect(found).toMatchObject({ units: 'mm', width_in: 6, height_in: 4, counts: { holes: 4, cutouts: 1 }, issues: [] });
    const quote = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'stainless_304', thickness_in: 0.1875, import_id: found.id }] } })).json);
    expect(quote.items[0]).toMatchObject({ status: 'ready', description: expect.stringMatching(/^Plate 6 x 4 in \d+-corner outline, 3\/16 in 304 stainless, 4 holes, 1 cut-out, [\d,]+ per \d+ x \d+ in sheet$/) });
  });

  it('gives the part as priced back as a DXF that imports to the same price', async () => {
    const found = PlateImport.parse((await upload(bracketDxf())).json);
    const first = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: found.id, quantity: 25 }] } })).json);
    const file = await app.http.request('GET', `/api/v1/quotes/${first.id}/items/0/drawing.dxf`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/dxf; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${first.id}-0.dxf"`);
    expect(file.text).toContain('$INSUNITS\n70\n1\n');
    for (const layer of ['CUT', 'BEND', 'NOTES']) expect(file.text).toContain(`\n8\n${layer}\n`);

    const again = PlateImport.parse((await upload(file.text)).json);
    expect(again).toMatchObject({ units: 'in', width_in: found.width_in, height_in: found.height_in, counts: { holes: 4, cutouts: 1, bends: 1 }, issues: [] });
    const second = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: again.id, quantity: 25 }] } })).json);
    expect(second.items[0]!.amount_cents).toBe(first.items[0]!.amount_cents);
    expect(second.amount_total_cents).toBe(first.amount_total_cents);
  });

  it('writes a typed plate as a DXF too, and has none for a product item', async () => {
    const quote = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped(), kitProduct()] } })).json);
    const file = await app.http.request('GET', `/api/v1/quotes/${quote.id}/items/0/drawing.dxf`);
    const again = PlateImport.parse((await upload(file.text)).json);
    expect(again).toMatchObject({ width_in: inch(150), height_in: inch(100), counts: { holes: 4, cutouts: 1, bends: 1 } });
    expectError(await app.http.request('GET', `/api/v1/quotes/${quote.id}/items/1/drawing.dxf`), 404, 'not_found_error', 'drawing_not_found');
  });

  it('writes a ring and a slot flattened as an import flattens arcs, and reads them back at the same size', async () => {
    const ring = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'ring', outer_diameter_in: 8, inner_diameter_in: 3 }, holes: [{ kind: 'slot', center_x_in: 4, center_y_in: 6.5, width_in: 0.5, length_in: 2 }] };
    const quote = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [ring] } })).json);
    const again = PlateImport.parse((await upload((await app.http.request('GET', `/api/v1/quotes/${quote.id}/items/0/drawing.dxf`)).text)).json);
    // A vertex on every quarter point: the outline's extent is the ring's diameter exactly.
    expect(again).toMatchObject({ units: 'in', width_in: 8, height_in: 8, counts: { holes: 1, cutouts: 1 }, issues: [] });
    expect(again.plate.holes).toEqual([{ kind: 'single', x_in: 4, y_in: 4, diameter_in: 3 }]);
    const xs = again.plate.cutouts[0]!.points_in.map(([x]) => x);
    const ys = again.plate.cutouts[0]!.points_in.map(([, y]) => y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([3, 5, 6.25, 6.75]);
  });

  it('asks for the units when the file has none, and takes them from the query', async () => {
    const noUnits = bracketDxf({ insUnits: null });
    const refused = await upload(noUnits);
    expectError(refused, 422, 'invalid_request_error', 'dxf_units_unknown');
    expect(refused.json.error.param).toBe('units');
    const given = await upload(noUnits, '?units=mm');
    expect(given.status).toBe(201);
    expect(given.json).toMatchObject({ units: 'mm', width_in: inch(150) });
    // The query overrides the file: the same drawing read in inches is 25.4 times larger.
    const inches = await upload(bracketDxf(), '?units=in');
    expect(inches.json).toMatchObject({ units: 'in', width_in: 120 + 30, height_in: 100 });
  });

  it('refuses what is not an ASCII DXF, a wrong media type, a body past 5 MiB and unknown query fields', async () => {
    expectError(await upload(Buffer.concat([Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00'), Buffer.alloc(64)])), 422, 'invalid_request_error', 'dxf_unreadable');
    expectError(await upload(bracketDxf().replace('0\nEOF', '')), 422, 'invalid_request_error', 'dxf_unreadable');
    expectError(await upload(bracketDxf(), '', 'text/plain'), 415, 'invalid_request_error', 'unsupported_media_type');
    expectError(await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 32)), 413, 'invalid_request_error', 'body_too_large');
    expectError(await upload(bracketDxf(), '?scale=2'), 422, 'invalid_request_error', 'parameter_unknown');
    expect((await upload(bracketDxf(), '', 'image/vnd.dxf')).status).toBe(201);
    expect((await upload(bracketDxf(), '', 'application/octet-stream')).status).toBe(201);
  });

  it('refuses a part with more cutouts than a plate may have, saying how many it has', async () => {
    const squares = Array.from({ length: 51 }, (_, k) => {
      const x = 10 + (k % 17) * 8;
      // Three rows clear of the holes (y 15-25 and 75-85 mm) and of the middle cut-out (y 40-60 mm).
      const y = [64, 70, 88][Math.floor(k / 17)]!;
      return [[x, y, x + 4, y], [x + 4, y, x + 4, y + 4], [x + 4, y + 4, x, y + 4], [x, y + 4, x, y]]
        .flatMap(([ax, ay, bx, by]) => ['0', 'LINE', '8', '0', '10', String(ax), '20', String(ay), '11', String(bx), '21', String(by)]);
    });
    const dxf = bracketDxf().replace('0\nENDSEC\n0\nEOF', `${squares.flat().join('\n')}\n0\nENDSEC\n0\nEOF`).replace(/\n40\n5\n/g, '\n40\n1\n');
    const refused = await upload(dxf);
    expectError(refused, 422, 'invalid_request_error', 'dxf_too_complex');
    expect(refused.json.error.message).toContain('4 round holes and 52 cut-outs of other shapes; a part may have at most 500 in all, at most 50 of them cut-outs');
  });

  it('refuses an unknown import_id, and import_id sent with an outline', async () => {
    const unknown = await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: 'pi_0000000000000000000000' }] } });
    expectError(unknown, 422, 'invalid_request_error', 'import_unknown');
    expect(unknown.json.error.param).toBe('items[0].import_id');
    const found = PlateImport.parse((await upload(bracketDxf())).json);
    const both = await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ ...bracketTyped(), import_id: found.id }] } });
    expectError(both, 422, 'invalid_request_error', 'parameter_invalid');
    expect(both.json.error.param).toBe('items[0].import_id');
  });

  it('forgets an import after 30 days', async () => {
    const found = PlateImport.parse((await upload(bracketDxf())).json);
    app.clock.advanceDays(30.001);
    const late = await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: found.id }] } });
    expectError(late, 422, 'invalid_request_error', 'import_unknown');
    expectError(await app.http.request('GET', new URL(found.preview_url!).pathname), 404, 'not_found_error', 'plate_import_not_found');
  });
});
