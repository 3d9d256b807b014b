// Every tool schema served reads the same under JSON Schema draft-07 (the SDK v1 client's Ajv) and
// 2020-12 (the SDK v2 client, the 2025-11-25 revision): it compiles under both, uses no keyword whose
// meaning differs between them, accepts the legal arguments and validates the server's real answers.
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { z } from '@shop/contracts';
import { bracketDxf, openContourDxf } from '../../rest/test/fixtures';
import { portableJsonSchema } from '../src/portable-schema';
import { kitProduct, typicalPlate } from './fixtures';
import { connectV2, rpc, startMcpTestApp } from './mcp-harness';
import type { McpTestApp } from './mcp-harness';

/** The keywords both drafts read alike (annotations included); anything else is a fault. */
const ALIKE = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'uniqueItems',
  'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'minProperties', 'maxProperties',
  'description', 'title', 'default', 'examples', 'readOnly', 'writeOnly',
]);

/** Every keyword at every schema position that is not read alike, with where it is. */
function faults(schema: unknown, where: string): string[] {
  if (schema === true) return [];
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [`${where}: not a schema object (${JSON.stringify(schema)})`];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (!ALIKE.has(key)) {
      found.push(`${where}: ${key}`);
      continue;
    }
    if (key === 'properties') for (const [name, child] of Object.entries(value as object)) found.push(...faults(child, `${where}.${name}`));
    if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') (value as unknown[]).forEach((child, i) => found.push(...faults(child, `${where}/${key}[${i}]`)));
    // `items` must be one schema: an array of them is a tuple only draft-07 reads, `false` a refusal some clients trip on.
    if (key === 'items') found.push(...faults(value, `${where}[]`));
    if (key === 'additionalProperties' && typeof value !== 'boolean') found.push(...faults(value, `${where}{}`));
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value !== 'number') found.push(`${where}: boolean ${key} (draft-04)`);
  }
  return found;
}

function validators() {
  // As the SDK clients configure theirs (strict off, every error), but with the meta-schema checked too.
  const draft07 = new Ajv({ strict: false, allErrors: true });
  const draft2020 = new Ajv2020({ strict: false, allErrors: true });
  addFormats(draft07);
  addFormats(draft2020);
  return { 'draft-07': draft07, '2020-12': draft2020 } as const;
}

interface Listed {
  name: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}

const REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18'];

let mcp: McpTestApp;
const listed = new Map<string, Listed[]>();

beforeAll(async () => {
  mcp = await startMcpTestApp();
  const modern = await connectV2(mcp.url);
  listed.set('2026-07-28', (await modern.listTools()) as Listed[]);
  await modern.close();
  for (const revision of REVISIONS.slice(1)) {
    const reply = await rpc(mcp.url, revision, 'tools/list');
    expect(reply.body.error).toBeUndefined();
    listed.set(revision, reply.body.result.tools);
  }
});
afterAll(() => mcp?.close());

describe.each(REVISIONS)('the tool schemas listed on %s', (revision) => {
  it('use only keywords draft-07 and 2020-12 read alike, at every depth of every input and output schema', () => {
    const tools = listed.get(revision)!;
    expect(tools).toHaveLength(8);
    const found = tools.flatMap((tool) => [...faults(tool.inputSchema, `${tool.name} input`), ...faults(tool.outputSchema, `${tool.name} output`)]);
    expect(found).toEqual([]);
  });

  it.each(['draft-07', '2020-12'] as const)('are valid %s schemas and compile', (draft) => {
    const ajv = validators()[draft];
    for (const tool of listed.get(revision)!) {
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        expect({ tool: tool.name, valid: ajv.validateSchema(schema), errors: ajv.errors ?? null }).toEqual({ tool: tool.name, valid: true, errors: null });
        expect(() => ajv.compile(schema)).not.toThrow();
      }
    }
  });
});

describe('real arguments and answers under both drafts', () => {
  /** Each tool's input and output validators per draft, from the 2025-11-25 listing (the one v1 hosts read). */
  let check: (tool: string, io: 'input' | 'output', value: unknown) => Record<string, string | null>;

  beforeAll(() => {
    const compiled = new Map<string, ValidateFunction>();
    const drafts = validators();
    for (const tool of listed.get('2025-11-25')!) {
      for (const [draft, ajv] of Object.entries(drafts)) {
        compiled.set(`${tool.name} input ${draft}`, ajv.compile(tool.inputSchema));
        compiled.set(`${tool.name} output ${draft}`, ajv.compile(tool.outputSchema));
      }
    }
    check = (tool, io, value) =>
      Object.fromEntries(
        Object.keys(drafts).map((draft) => {
          const validate = compiled.get(`${tool} ${io} ${draft}`)!;
          return [draft, validate(value) ? null : JSON.stringify(validate.errors)];
        }),
      );
  });

  const passes = { 'draft-07': null, '2020-12': null };

  async function call(name: string, args: Record<string, unknown>) {
    const reply = await rpc(mcp.url, '2025-11-25', 'tools/call', { name, arguments: args });
    expect(reply.body.result.isError).toBeUndefined();
    return reply.body.result.structuredContent;
  }

  it('every tool: its arguments pass its input schema and its answer its output schema', async () => {
    const polygon = typicalPlate({
      outline: { kind: 'polygon', points_in: [[0, 0], [8, 0], [8, 5], [0, 5]] },
      holes: [{ kind: 'single', x_in: 4, y_in: 2.5, diameter_in: 0.5 }],
      cutouts: [{ kind: 'polygon', points_in: [[1, 1], [2, 1], [2, 2]] }],
      bends: [{ start_in: [0, 4], end_in: [8, 4], angle_deg: 90, direction: 'up' }],
      quantity_options: [],
    });
    const opened = await call('import_dxf', { dxf: openContourDxf(), filename: 'open.dxf' });
    expect(opened.marks[0].points_in[0]).toEqual([expect.any(Number), expect.any(Number)]);
    const bracket = await call('import_dxf', { dxf: bracketDxf(), filename: 'bracket-a.dxf' });
    expect(bracket.plate.outline.points_in.length).toBeGreaterThan(3);
    const plate = await call('quote_plate', polygon);
    expect(plate.status).toBe('ready');
    const fromImport = await call('quote_plate', { material: 'mild_steel', thickness_in: 0.1345, import_id: bracket.id });
    const product = await call('quote_product', kitProduct());
    const calls: Array<[string, Record<string, unknown>, unknown]> = [
      ['list_materials', {}, await call('list_materials', {})],
      ['search_products', { query: 'trailer', limit: 5 }, await call('search_products', { query: 'trailer', limit: 5 })],
      ['import_dxf', { dxf: openContourDxf(), filename: 'open.dxf' }, opened],
      ['import_dxf', { dxf: bracketDxf(), filename: 'bracket-a.dxf' }, bracket],
      ['quote_plate', polygon, plate],
      ['quote_plate', { material: 'mild_steel', thickness_in: 0.1345, import_id: bracket.id }, fromImport],
      ['quote_product', kitProduct(), product],
      ['get_quote', { quote_id: plate.id }, await call('get_quote', { quote_id: plate.id })],
      ['create_handoff_link', { quote_ids: [plate.id, product.id] }, await call('create_handoff_link', { quote_ids: [plate.id, product.id] })],
      ['create_rfq_link', { description: 'Twelve gussets, 3/8 in', thickness_in: 0.375, quantity: 12 }, await call('create_rfq_link', { description: 'Twelve gussets, 3/8 in', thickness_in: 0.375, quantity: 12 })],
    ];
    expect(new Set(calls.map(([name]) => name)).size).toBe(8);
    for (const [name, args, answer] of calls) {
      expect({ name, input: check(name, 'input', args) }).toEqual({ name, input: passes });
      expect({ name, output: check(name, 'output', answer) }).toEqual({ name, output: passes });
    }
  }, 30_000);

  it('a point is exactly two coordinates in range under both drafts', () => {
    const withPoints = (points: unknown[]) => typicalPlate({ outline: { kind: 'polygon', points_in: points }, holes: [] });
    const triangle: unknown[] = [[0, 0], [4, 0], [0, 3]];
    expect(check('quote_plate', 'input', withPoints(triangle))).toEqual(passes);
    for (const bad of [[[0, 0, 1], [4, 0], [0, 3]], [[0], [4, 0], [0, 3]], [[0, 121], [4, 0], [0, 3]], [['0', 0], [4, 0], [0, 3]]]) {
      const verdict = check('quote_plate', 'input', withPoints(bad));
      expect([verdict['draft-07'], verdict['2020-12']].map((errors) => errors !== null)).toEqual([true, true]);
    }
  });
});

describe('portableJsonSchema', () => {
  const both = (schema: unknown) => {
    const drafts = validators();
    return (value: unknown) => [drafts['draft-07'].compile(schema as object)(value), drafts['2020-12'].compile(schema as object)(value)];
  };

  it('writes a tuple of different element kinds, closed or with a rest, as one list schema both drafts agree on', () => {
    const closed = portableJsonSchema(z.toJSONSchema(z.object({ pair: z.tuple([z.string(), z.number()]) }), { target: 'draft-2020-12' }));
    const withRest = portableJsonSchema(z.toJSONSchema(z.object({ row: z.tuple([z.string()]).rest(z.boolean()) }), { target: 'draft-07' }));
    expect([...faults(closed, 'closed'), ...faults(withRest, 'rest')]).toEqual([]);
    const pair = both(closed);
    expect(pair({ pair: ['a', 1] })).toEqual([true, true]);
    expect(pair({ pair: ['a', 1, 2] })).toEqual([false, false]);
    expect(pair({ pair: [] })).toEqual([false, false]);
    const row = both(withRest);
    expect(row({ row: ['a', true, false] })).toEqual([true, true]);
    expect(row({ row: [] })).toEqual([false, false]);
    expect(row({ row: ['a', 3] })).toEqual([false, false]);
  });

  it('keeps a property named like a keyword as a property', () => {
    const schema = portableJsonSchema(z.toJSONSchema(z.object({ example: z.string(), prefixItems: z.number() }).meta({ example: { example: 'x', prefixItems: 1 } })));
    expect(schema).toMatchObject({ properties: { example: { type: 'string' }, prefixItems: { type: 'number' } }, examples: [{ example: 'x', prefixItems: 1 }] });
    expect(faults(schema, 'root')).toEqual([]);
  });
});
