// What an assistant that has never seen the shop reads: the instructions at connect, every input
// property's description (units and bounds at every depth), catalog values read from the catalog,
// server/discover, and search_products paging like GET /products.
import { MaterialList } from '@shop/contracts';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CLIENTS, connectV2, startMcpTestApp, useMcpWithRest } from './mcp-harness';
import type { McpTestApp, TestClient } from './mcp-harness';

const apps = useMcpWithRest();

interface PropertyDoc {
  path: string;
  schema: any;
}

/** Every property of a JSON Schema, at every depth, through unions, arrays and tuples. */
function properties(schema: any, path = ''): PropertyDoc[] {
  if (schema === null || typeof schema !== 'object') return [];
  const found: PropertyDoc[] = [];
  for (const [name, child] of Object.entries<any>(schema.properties ?? {})) {
    found.push({ path: `${path}.${name}`, schema: child }, ...properties(child, `${path}.${name}`));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    for (const [index, branch] of (schema[key] ?? []).entries()) found.push(...properties(branch, `${path}/${key}[${index}]`));
  }
  if (schema.items && typeof schema.items === 'object') found.push(...properties(schema.items, `${path}[]`));
  return found;
}

/** The number as a description writes it (120, 0.125, -360). */
const written = (value: number) => String(value);

describe.each(CLIENTS)('%s', (_name, connect) => {
  let client: TestClient;

  beforeAll(async () => {
    client = await connect(apps.mcp.url);
  });
  afterAll(() => client?.close());

  it('receives the instructions at connect: the order of calls for a typical job', () => {
    const text = client.instructions!;
    expect(text.split('\n').length).toBeLessThanOrEqual(8);
    const order = ['list_materials', 'quote_plate', 'search_products', 'quote_product', '"blocked"', 'create_handoff_link', 'create_rfq_link'];
    const places = order.map((word) => text.indexOf(word));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
  });

  it('never sends a DXF drawing to a quote request: create_rfq_link names import_dxf for one, and its other tools agree', async () => {
    const tools = await client.listTools();
    const rfq = tools.find((tool) => tool.name === 'create_rfq_link')!.description!;
    expect(rfq).not.toMatch(/part from a drawing/i);
    expect(rfq).toContain('A part in a DXF file is quoted instead: import_dxf, then quote_plate with its import_id.');
    expect(tools.find((tool) => tool.name === 'import_dxf')!.description).toContain('Then quote it with quote_plate');
  });

  it('describes every property at every depth of every input, with units for lengths and the bounds it is checked against', async () => {
    const tools = await client.listTools();
    let checked = 0;
    const faults: string[] = [];
    for (const tool of tools) {
      for (const { path, schema } of properties(tool.inputSchema)) {
        const where = `${tool.name}${path}`;
        checked += 1;
        const text = schema.description;
        if (typeof text !== 'string') {
          faults.push(`${where}: no description`);
          continue;
        }
        if (/_in$/.test(path) && !/inch/i.test(text)) faults.push(`${where}: no unit in "${text}"`);
        if (/_deg$/.test(path) && !/degree/i.test(text)) faults.push(`${where}: no unit in "${text}"`);
        for (const bound of [schema.maximum, schema.exclusiveMaximum, schema.maxLength, schema.maxItems].filter((value) => typeof value === 'number')) {
          // The largest accepted value is named (a coordinate "0 to 120", a count "1 to 100").
          if (!text.includes(written(bound))) faults.push(`${where}: bound ${bound} not in "${text}"`);
        }
      }
    }
    expect(faults).toEqual([]);
    // Outline kinds, hole kinds with their fields, slot ends, bend points, ring diameters, paging.
    expect(checked).toBeGreaterThan(60);
  });

  it('names the materials and every thickness the catalog sells, as list_materials lists them', async () => {
    const tools = await client.listTools();
    const quotePlate = tools.find((tool) => tool.name === 'quote_plate')!;
    const materials = MaterialList.parse((await client.callTool('list_materials')).json).data;
    const materialText: string = quotePlate.inputSchema.properties.material.description;
    const thicknessText: string = quotePlate.inputSchema.properties.thickness_in.description;
    for (const material of materials) {
      expect(materialText).toContain(`${material.id} (${material.name})`);
      expect(thicknessText).toContain(`${material.id}: ${material.thicknesses.map((offer) => offer.thickness_in).join(', ')} (cut up to ${material.max_laser_thickness_in})`);
    }
    const listMaterials = tools.find((tool) => tool.name === 'list_materials')!;
    expect(listMaterials.description).toContain(`(${materials.slice(0, -1).map((m) => m.id).join(', ')} or ${materials.at(-1)!.id})`);
  });

  it('pages search_products with limit and cursor exactly as GET /products pages', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const reply = await client.callTool('search_products', { limit: 3, ...(cursor === undefined ? {} : { cursor }) });
      expect(reply.isError).toBe(false);
      const viaRest = await apps.rest.request('GET', `/products?limit=3${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(reply.json.data.map((product: { slug: string }) => product.slug)).toEqual(viaRest.json.data.map((product: { slug: string }) => product.slug));
      expect(reply.json.next_cursor).toBe(viaRest.json.next_cursor);
      expect(reply.json.data.length).toBeLessThanOrEqual(3);
      seen.push(...reply.json.data.map((product: { slug: string }) => product.slug));
      cursor = reply.json.has_more ? reply.json.next_cursor : undefined;
      pages += 1;
    } while (cursor !== undefined);
    const all = await apps.rest.request('GET', '/products?limit=50');
    expect(seen).toEqual(all.json.data.map((product: { slug: string }) => product.slug));
    expect(pages).toBe(Math.ceil(seen.length / 3));
  });

  it('refuses a limit past 50 and a cursor of other filters with the REST codes', async () => {
    const tooMany = await client.callTool('search_products', { limit: 51 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.json.error).toMatchObject({ code: 'parameter_invalid', param: 'limit' });
    const first = await client.callTool('search_products', { limit: 2 });
    const other = await client.callTool('search_products', { limit: 2, division: 'farm', cursor: first.json.next_cursor });
    const viaRest = await apps.rest.request('GET', `/products?limit=2&division=farm&cursor=${encodeURIComponent(first.json.next_cursor)}`);
    expect(other.isError).toBe(true);
    expect(other.json.error.code).toBe(viaRest.json.error.code);
    expect(other.json.error.message).toBe(viaRest.json.error.message);
  });
});

describe('server/discover', () => {
  it('lists every revision the server speaks, with the capabilities and the instructions', async () => {
    const client = new Client({ name: 'discover', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(apps.mcp.url)));
    try {
      const discovered = await client.discover();
      expect(discovered.supportedVersions).toEqual(['2026-07-28', '2025-11-25', '2025-06-18']);
      expect(discovered.capabilities.tools).toBeDefined();
      expect(discovered.instructions).toContain('list_materials');
    } finally {
      await client.close();
    }
  });
});

describe('with online plate orders switched off', () => {
  let off: McpTestApp;
  beforeAll(async () => {
    off = await startMcpTestApp({ env: { PLATE_ORDERS_ENABLED: 'false' } });
  });
  afterAll(() => off?.close());

  it('says so where the materials would be named, and names none', async () => {
    const client = await connectV2(off.url);
    try {
      const quotePlate = (await client.listTools()).find((tool) => tool.name === 'quote_plate')!;
      for (const field of ['material', 'thickness_in']) {
        const text: string = quotePlate.inputSchema.properties[field].description;
        expect(text).toContain('switched off');
        expect(text).toContain('create_rfq_link');
        expect(text).not.toMatch(/mild_steel|stainless|aluminum/);
      }
      expect((await client.callTool('list_materials')).json.data).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
