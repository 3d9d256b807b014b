import { PlateImport, Quote } from '@shop/contracts';
import { HOSTILE_DRAWINGS } from '../../../packages/drawings/src/test-hostile-drawings';
import { bracketDxf, bracketTyped, openContourDxf } from '../../rest/test/fixtures';
import { CLIENTS, useMcpWithRest } from './mcp-harness';
import type { TestClient } from './mcp-harness';

const apps = useMcpWithRest();

describe.each(CLIENTS)('%s', (_name, connect) => {
  let client: TestClient;

  beforeAll(async () => {
    client = await connect(apps.mcp.url);
  });
  afterAll(() => client?.close());

  it('quotes a part from a DXF file: import_dxf, then quote_plate by import_id, at the price of the part typed', async () => {
    const imported = await client.callTool('import_dxf', { dxf: bracketDxf(), filename: 'bracket-a.dxf' });
    expect(imported.isError).toBe(false);
    const found = PlateImport.parse(imported.json);
    expect(found).toMatchObject({ units: 'mm', filename: 'bracket-a.dxf', counts: { holes: 4, cutouts: 1, bends: 1 }, issues: [] });

    const quoted = await client.callTool('quote_plate', { material: 'mild_steel', thickness_in: 0.1345, import_id: found.id, quantity: 10 });
    expect(quoted.isError).toBe(false);
    const fromDrawing = Quote.parse(quoted.json).items[0]!;
    const { kind: _kind, ...typed } = bracketTyped();
    const fromJson = Quote.parse((await client.callTool('quote_plate', typed)).json).items[0]!;
    expect(fromDrawing.status).toBe('ready');
    expect([fromDrawing.unit_amount_cents, fromDrawing.amount_cents]).toEqual([fromJson.unit_amount_cents, fromJson.amount_cents]);

    // The import is the REST app's too: the same id quotes over POST /quotes.
    const overRest = await apps.rest.request('POST', '/quotes', { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: found.id, quantity: 10 }] });
    expect(overRest.status).toBe(201);
    expect(overRest.json.items[0].amount_cents).toBe(fromDrawing.amount_cents);
    // The first drawing starts the drawing worker threads from the TypeScript sources.
  }, 30_000);

  it('quotes a drawing with a blocking issue as a blocked item carrying that issue, not a tool error', async () => {
    const found = PlateImport.parse((await client.callTool('import_dxf', { dxf: openContourDxf() })).json);
    const open = found.issues.find((issue) => issue.code === 'dxf_open_contour');
    expect(open).toBeDefined();
    const quoted = await client.callTool('quote_plate', { material: 'mild_steel', thickness_in: 0.25, import_id: found.id });
    expect(quoted.isError).toBe(false);
    const quote = Quote.parse(quoted.json);
    expect(quote.status).toBe('blocked');
    expect(quote.items[0]).toMatchObject({ status: 'blocked', amount_cents: null });
    expect(quote.items[0]!.issues[0]).toEqual({ ...open, param: 'items[0].import_id' });
  }, 30_000);

  it('asks for the units a file does not give, with the param of the tool argument', async () => {
    const refused = await client.callTool('import_dxf', { dxf: bracketDxf({ insUnits: null }) });
    expect(refused.isError).toBe(true);
    expect(refused.json.error).toMatchObject({ code: 'dxf_units_unknown', param: 'units' });
    const given = await client.callTool('import_dxf', { dxf: bracketDxf({ insUnits: null }), units: 'mm' });
    expect(given.json).toMatchObject({ units: 'mm', counts: { holes: 4 } });
  });

  it('refuses text that is not a DXF, and an import_id with shapes beside it', async () => {
    const garbage = await client.callTool('import_dxf', { dxf: 'PK\u0003\u0004 not a drawing' });
    expect(garbage.json.error).toMatchObject({ code: 'dxf_unreadable' });
    expect(garbage.json.error.message).toMatch(/ASCII DXF/);
    const unknown = await client.callTool('quote_plate', { material: 'mild_steel', thickness_in: 0.1345, import_id: 'pi_0000000000000000000000' });
    expect(unknown.json.error).toMatchObject({ code: 'import_unknown', param: 'import_id' });
  });

  it.each([300 * 1024, 600 * 1024, 1024 * 1024])('imports a drawing of %i characters, as its schema promises', async (size) => {
    // The bracket padded with points (not cut) to the size.
    const base = bracketDxf();
    const point = '0\nPOINT\n8\nPAD\n10\n1\n20\n1\n30\n0\n';
    const pad = point.repeat(Math.floor((size - base.length) / point.length));
    const dxf = base.replace('0\nENDSEC\n0\nEOF', `${pad}0\nENDSEC\n0\nEOF`);
    expect(dxf.length).toBeLessThanOrEqual(size);
    expect(dxf.length).toBeGreaterThan(size - point.length);
    const imported = await client.callTool('import_dxf', { dxf });
    expect(imported.isError).toBe(false);
    expect(PlateImport.parse(imported.json)).toMatchObject({ counts: { holes: 4, cutouts: 1 }, ignored: [{ type: 'POINT', layer: 'PAD', count: pad.length / point.length }, expect.anything()] });
  });

  it('answers text past 1 MiB with the tool error naming the limit', async () => {
    const refused = await client.callTool('import_dxf', { dxf: bracketDxf().padEnd(1024 * 1024 + 1, ' ') });
    expect(refused.isError).toBe(true);
    expect(refused.json.error).toMatchObject({ code: 'parameter_invalid', param: 'dxf', message: expect.stringContaining('1048576') });
  });

  it.each(HOSTILE_DRAWINGS.filter((h) => h.expected !== 'ok').map((h) => [h.name, h] as const))('answers %s with the tool error, and keeps serving', async (_name, hostile) => {
    const refused = await client.callTool('import_dxf', { dxf: hostile.text });
    expect(refused.isError).toBe(true);
    expect(refused.json.error.code).toBe(hostile.expected);
    const again = await client.callTool('import_dxf', { dxf: bracketDxf() });
    expect(again.isError).toBe(false);
  });
});
