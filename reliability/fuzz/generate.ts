// fast-check arbitraries for requests to every REST route: bodies shaped by the contracts, then
// pushed past their edges (wrong types, huge and NaN-like numbers, unicode, deep nesting,
// duplicated keys, the largest legal plates, empty bodies, wrong content types, odd methods).
import fc from 'fast-check';

export interface FuzzRequest {
  /** What was generated, for the tally and for reproducing a failure. */
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the server lists, so generated items are often valid and reach pricing and storage. */
export interface FuzzCatalog {
  materials: Array<{ id: string; thicknesses: number[] }>;
  products: Array<{ slug: string; tiers: string[] }>;
  divisions: string[];
}

/** Replaced at send time by ids the run has been given (ready, blocked), so handoffs and reads hit real quotes. */
export const QUOTE_REF = '@@QUOTE@@';
export const BLOCKED_REF = '@@BLOCKED@@';

/** A JSON token written as is (JSON.stringify cannot write 1e400 or -0). */
class RawJson {
  constructor(readonly text: string) {}
}
const RAW_MARK = '\u0001raw:';

export function writeJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `${RAW_MARK}${v.text}` : v));
  // The marker cannot occur in generated strings: JSON.stringify escapes \u0001 in them.
  return (text ?? '').replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// ---------------------------------------------------------------- edge values

const hugeNumbers = fc.constantFrom(1e308, -1e308, 5e-324, 2 ** 53 + 2, -(2 ** 63), 1e21, 120.0000001, 4.0000001, 999.5, 1e-9);
const rawNumbers = fc
  .constantFrom('1e400', '-1e400', '1e-400', '-0', '1E+2', '0.1e1', '1.0', '100000000000000000000000000000000000001', '-0.0e-0')
  .map((text) => new RawJson(text));
const nanLike = fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '0x10', '1_000', '', ' 1', '١٢', 'null', 'true', '0.25', '½', '٣');
const injection = fc.constantFrom(
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'; DROP TABLE quotes; --",
  '{{7*7}}${7*7}',
  'javascript:alert(1)',
  '</text><foreignObject><iframe src=x>',
  '\u202Eevil\u202C',
  'a\u0000b',
  '../../etc/passwd',
  '%00%2e%2e%2f',
);
const unicode = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('Ⅻ', '👍🏽', '\uD800', '\uDFFF', 'é'.normalize('NFD'), 'ﬀ', '\u200B', '\uFEFF'),
);
const longString = fc.integer({ min: 61, max: 5_000 }).map((n) => 'x'.repeat(n));

/** A value nested `depth` levels, `[[[1]]]` or `{"a":{"a":1}}`, written as text (too deep to stringify). */
function nested(depth: number, asObject: boolean): RawJson {
  return new RawJson(asObject ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`);
}
const deep = fc.tuple(fc.integer({ min: 2, max: 3_000 }), fc.boolean()).map(([depth, asObject]) => nested(depth, asObject));

/** Anything that may stand where the contract wants something else. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hugeNumbers, weight: 2 },
  { arbitrary: rawNumbers, weight: 2 },
  { arbitrary: nanLike, weight: 2 },
  { arbitrary: injection, weight: 1 },
  { arbitrary: unicode, weight: 2 },
  { arbitrary: longString, weight: 1 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { kind: 'plate' }), weight: 2 },
  { arbitrary: fc.double(), weight: 2 },
  { arbitrary: fc.integer(), weight: 2 },
);

// ---------------------------------------------------------------- contract-shaped bodies

const inches = (max: number) => fc.double({ min: 0.01, max, noNaN: true, noDefaultInfinity: true });
const coordinate = fc.oneof({ arbitrary: inches(120), weight: 8 }, { arbitrary: fc.constantFrom(0, 120, -0.01, 120.01), weight: 1 });
const point = fc.tuple(coordinate, coordinate);

const label = fc.oneof(
  fc.constantFrom('Base plate', 'Gusset #2 (left)', "Shop 'A' / bay 3", 'call 416-555-0100', 'see https://x.example', 'me@example.com', null),
  injection,
  unicode,
  fc.string({ maxLength: 70 }),
);

const outline = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('rectangle'), width_in: inches(130), height_in: inches(70) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('circle'), diameter_in: inches(70) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('ring'), outer_diameter_in: inches(60), inner_diameter_in: inches(59) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('polygon'), points_in: fc.array(point, { minLength: 2, maxLength: 40 }) }), weight: 2 },
);

const angle = fc.double({ min: -400, max: 400, noNaN: true, noDefaultInfinity: true });
const holePattern = fc.oneof(
  fc.record({ kind: fc.constant('single'), x_in: coordinate, y_in: coordinate, diameter_in: inches(4) }),
  fc.record(
    { kind: fc.constant('linear'), start_x_in: coordinate, start_y_in: coordinate, count: fc.integer({ min: 0, max: 110 }), spacing_in: inches(10), diameter_in: inches(2), angle_deg: angle },
    { requiredKeys: ['kind', 'start_x_in', 'start_y_in', 'count', 'spacing_in', 'diameter_in'] },
  ),
  fc.record(
    {
      kind: fc.constant('grid'),
      center_x_in: coordinate,
      center_y_in: coordinate,
      columns: fc.integer({ min: 0, max: 55 }),
      rows: fc.integer({ min: 0, max: 55 }),
      x_spacing_in: inches(10),
      y_spacing_in: inches(10),
      diameter_in: inches(2),
      rotation_deg: angle,
    },
    { requiredKeys: ['kind', 'center_x_in', 'center_y_in', 'columns', 'rows', 'x_spacing_in', 'y_spacing_in', 'diameter_in'] },
  ),
  fc.record(
    { kind: fc.constant('bolt_circle'), center_x_in: coordinate, center_y_in: coordinate, count: fc.integer({ min: 1, max: 101 }), bolt_circle_diameter_in: inches(30), diameter_in: inches(2), start_angle_deg: angle },
    { requiredKeys: ['kind', 'center_x_in', 'center_y_in', 'count', 'bolt_circle_diameter_in', 'diameter_in'] },
  ),
  fc.record(
    { kind: fc.constant('slot'), center_x_in: coordinate, center_y_in: coordinate, width_in: inches(3), length_in: inches(8), angle_deg: angle },
    { requiredKeys: ['kind', 'center_x_in', 'center_y_in', 'width_in', 'length_in'] },
  ),
);

const bend = fc.record(
  { start_in: point, end_in: point, angle_deg: fc.double({ min: -1, max: 200, noNaN: true }), direction: fc.constantFrom('up', 'down', 'sideways') },
  { requiredKeys: ['start_in', 'end_in'] },
);

export function plateItem(catalog: FuzzCatalog): fc.Arbitrary<Record<string, unknown>> {
  const offered = catalog.materials.filter((m) => m.thicknesses.length > 0);
  const materialAndThickness = offered.length
    ? fc.oneof(
        { arbitrary: fc.constantFrom(...offered).chain((m) => fc.tuple(fc.constant(m.id), fc.constantFrom(...m.thicknesses))), weight: 6 },
        { arbitrary: fc.tuple(fc.constantFrom('mild_steel', 'steel', 'MILD_STEEL', 'titanium'), fc.double({ min: 0.001, max: 5, noNaN: true })), weight: 1 },
      )
    : fc.tuple(fc.constantFrom('mild_steel', 'aluminum_6061'), fc.constantFrom(0.25, 0.5));
  return fc
    .record(
      {
        materialAndThickness,
        outline,
        holes: fc.array(holePattern, { maxLength: 5 }),
        bends: fc.array(bend, { maxLength: 3 }),
        quantity: fc.integer({ min: 1, max: 999 }),
        quantity_options: fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 6 }),
        label,
      },
      { requiredKeys: ['materialAndThickness', 'outline'] },
    )
    .map(({ materialAndThickness: [material, thickness], ...rest }) => ({ kind: 'plate', material, thickness_in: thickness, ...rest }));
}

export function productItem(catalog: FuzzCatalog): fc.Arbitrary<Record<string, unknown>> {
  const slug = catalog.products.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...catalog.products.map((p) => p.slug)), weight: 5 }, { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,90}$/), weight: 1 })
    : fc.stringMatching(/^[a-z-]{1,20}$/);
  return fc.record(
    {
      kind: fc.constant('product'),
      slug,
      tier: fc.constantFrom('kit', 'welded', 'design', 'gold'),
      quantity: fc.integer({ min: 0, max: 51 }),
      quantity_options: fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 6 }),
      label,
    },
    { requiredKeys: ['kind', 'slug', 'tier'] },
  );
}

/** The largest legal plate load: items each with 200 hole entries (and up to 500 cutouts). */
export function heavyPlate(catalog: FuzzCatalog): fc.Arbitrary<Record<string, unknown>> {
  const material = catalog.materials.find((m) => m.id === 'mild_steel' && m.thicknesses.includes(0.25)) ? 'mild_steel' : (catalog.materials[0]?.id ?? 'mild_steel');
  return fc.record({ columns: fc.integer({ min: 1, max: 3 }), polygon: fc.boolean(), bends: fc.integer({ min: 0, max: 10 }) }).map(({ columns, polygon, bends }) => {
    const holes = Array.from({ length: 200 }, (_, i) => ({
      kind: i % 2 === 0 ? 'single' : 'linear',
      ...(i % 2 === 0
        ? { x_in: 2 + (i % 20) * 2.5, y_in: 2 + Math.floor(i / 20) * 2.5, diameter_in: 0.3 }
        : { start_x_in: 2 + (i % 20) * 2.5 + 1.2, start_y_in: 2 + Math.floor(i / 20) * 2.5, count: columns, spacing_in: 0.1, diameter_in: 0.05 }),
    }));
    const outlineValue = polygon
      ? { kind: 'polygon', points_in: Array.from({ length: 200 }, (_, i) => [27 + 26 * Math.cos((2 * Math.PI * i) / 200), 27 + 26 * Math.sin((2 * Math.PI * i) / 200)]) }
      : { kind: 'rectangle', width_in: 54, height_in: 30 };
    const bendList = Array.from({ length: bends }, (_, i) => ({ start_in: [0, 1 + i * 2.7], end_in: [54, 1 + i * 2.7] }));
    return { kind: 'plate', material, thickness_in: 0.25, outline: outlineValue, holes, bends: bendList, quantity: 3 };
  });
}

// ---------------------------------------------------------------- mutations

export interface Mutation {
  seed: number;
  op: 'set' | 'delete' | 'add';
  value: unknown;
  key: string;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  seed: fc.nat(),
  op: fc.constantFrom('set', 'set', 'delete', 'add'),
  value: wrongValue,
  key: fc.constantFrom('__proto__', 'constructor', 'email', 'name', 'phone', 'extra', 'prototype', 'kind', 'items', ''),
});

/** Every object and array inside `root`, with the keys they hold. */
function containers(root: unknown): Array<Record<string, unknown> | unknown[]> {
  const out: Array<Record<string, unknown> | unknown[]> = [];
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object' || value instanceof RawJson) continue;
    out.push(value as Record<string, unknown>);
    stack.push(...Object.values(value as object));
  }
  return out;
}

export function applyMutations<T>(body: T, mutations: Mutation[]): T {
  const copy = structuredCloneSafe(body);
  for (const m of mutations) {
    // A fresh copy each time: generated constants are shared between samples.
    const value = structuredCloneSafe(m.value);
    const all = containers(copy);
    const target = all[m.seed % Math.max(1, all.length)];
    if (!target) continue;
    const keys = Object.keys(target);
    const key = keys[m.seed % Math.max(1, keys.length)];
    if (m.op === 'add' && !Array.isArray(target)) Object.defineProperty(target, m.key, { value, enumerable: true, writable: true, configurable: true });
    else if (m.op === 'delete' && key !== undefined) {
      if (Array.isArray(target)) target.splice(Number(key), 1);
      else delete target[key];
    } else if (key !== undefined) (target as Record<string, unknown>)[key] = value;
  }
  return copy;
}

function structuredCloneSafe<T>(value: T): T {
  // RawJson instances must survive the copy, so no JSON round trip.
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map((v) => structuredCloneSafe(v)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = structuredCloneSafe(v);
  return out as T;
}

// ---------------------------------------------------------------- raw bodies and headers

const JSON_TYPE = 'application/json';
const contentType = fc.oneof(
  { arbitrary: fc.constant(JSON_TYPE), weight: 20 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/vnd.api+json',
      'application/json, text/plain',
      '',
      'nonsense',
    ),
    weight: 3,
  },
  { arbitrary: fc.constant(undefined), weight: 1 },
);

type TextForm = 'plain' | 'duplicate-first' | 'duplicate-last' | 'truncated' | 'bom' | 'padded' | 'empty' | 'scalar' | 'garbage' | 'oversize';
const textForm: fc.Arbitrary<TextForm> = fc.oneof(
  { arbitrary: fc.constant<TextForm>('plain'), weight: 30 },
  { arbitrary: fc.constantFrom<TextForm>('duplicate-first', 'duplicate-last'), weight: 4 },
  { arbitrary: fc.constantFrom<TextForm>('truncated', 'bom', 'padded', 'empty', 'scalar', 'garbage'), weight: 4 },
  { arbitrary: fc.constant<TextForm>('oversize'), weight: 1 },
);

/** Writes a body as JSON text in one of the forms a careless or hostile client sends. */
function writeBody(value: unknown, form: TextForm, seed: number, extra: unknown): string {
  const text = writeJson(value);
  switch (form) {
    case 'plain':
      return text;
    case 'duplicate-first':
    case 'duplicate-last': {
      // `{"k":v,...}` with one key written twice; JSON.parse keeps the last.
      const match = /^\{"((?:[^"\\]|\\.)*)":/.exec(text);
      if (!match) return text;
      const dup = `"${match[1]}":${writeJson(extra)}`;
      return form === 'duplicate-first' ? `{${dup},${text.slice(1)}` : `${text.slice(0, -1)},${dup}}`;
    }
    case 'truncated':
      return text.slice(0, seed % Math.max(1, text.length));
    case 'bom':
      return `\uFEFF${text}`;
    case 'padded':
      return ` \n\t${text}\r\n `;
    case 'empty':
      return '';
    case 'scalar':
      return ['null', '[]', '"items"', '0', 'true', '{}', '[{}]'][seed % 7]!;
    case 'garbage':
      return ['{items: []}', "{'items': []}", '{"items":[1,]}', '\u0000', 'items=1', '{"a":1}{"b":2}', '<xml/>'][seed % 7]!;
    case 'oversize':
      return `{"pad":"${'x'.repeat(256 * 1024)}"}`;
  }
}

const jsonBodyRequest = (path: string, kind: string, body: fc.Arbitrary<unknown>) =>
  fc
    .record({ body, form: textForm, seed: fc.nat(), extra: wrongValue, type: contentType, encoding: fc.oneof({ arbitrary: fc.constant(undefined), weight: 30 }, { arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-zip'), weight: 1 }) })
    .map(({ body: value, form, seed, extra, type, encoding }): FuzzRequest => {
      const headers: Record<string, string> = {};
      if (type !== undefined) headers['content-type'] = type;
      if (encoding !== undefined) headers['content-encoding'] = encoding;
      return { kind: `${kind}:${form}${type === JSON_TYPE ? '' : ':content-type'}${encoding ? ':encoding' : ''}`, method: 'POST', path, headers, body: writeBody(value, form, seed, extra) };
    });

// ---------------------------------------------------------------- per route

function quoteBody(catalog: FuzzCatalog): fc.Arbitrary<unknown> {
  const item = fc.oneof({ arbitrary: plateItem(catalog), weight: 3 }, { arbitrary: productItem(catalog), weight: 2 });
  const valid = fc.record({ items: fc.array(item, { minLength: 1, maxLength: 4 }) });
  const heavy = fc.record({ items: fc.array(heavyPlate(catalog), { minLength: 1, maxLength: 10 }) });
  return fc.oneof(
    { arbitrary: valid, weight: 12 },
    { arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([b, m]) => applyMutations(b, m)), weight: 12 },
    { arbitrary: heavy, weight: 1 },
    { arbitrary: fc.record({ items: fc.array(item, { minLength: 11, maxLength: 12 }) }), weight: 1 },
    { arbitrary: fc.record({ items: deep }), weight: 1 },
    { arbitrary: wrongValue, weight: 1 },
  );
}

export function handoffBody(): fc.Arbitrary<unknown> {
  const id = fc.oneof(
    { arbitrary: fc.constant(QUOTE_REF), weight: 6 },
    { arbitrary: fc.constant(BLOCKED_REF), weight: 1 },
    { arbitrary: guessedId('q'), weight: 2 },
    { arbitrary: fc.string({ maxLength: 70 }), weight: 1 },
    { arbitrary: injection, weight: 1 },
  );
  const valid = fc.record({ quote_ids: fc.array(id, { minLength: 1, maxLength: 3 }) });
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 2 })).map(([b, m]) => applyMutations(b, m)), weight: 4 },
    { arbitrary: fc.record({ quote_ids: fc.array(id, { minLength: 0, maxLength: 12 }) }), weight: 1 },
    { arbitrary: wrongValue, weight: 1 },
  );
}

export function rfqBody(): fc.Arbitrary<unknown> {
  const description = fc.oneof(
    fc.constantFrom('Weld a 3/8 in base plate to a 4 x 4 HSS post, 36 in tall', 'Repair a trailer hitch', 'Call me at 416-555-0100', 'mail bob@example.com', 'see www.example.com/drawing'),
    fc.string({ minLength: 0, maxLength: 120 }),
    unicode,
    injection,
    fc.integer({ min: 1990, max: 2100 }).map((n) => 'y'.repeat(n)),
  );
  const valid = fc.record(
    {
      description,
      material: fc.oneof(fc.constant(null), fc.string({ maxLength: 70 }), fc.constantFrom('mild steel', '304 stainless')),
      thickness_in: fc.oneof(fc.constant(null), fc.double({ min: -1, max: 13, noNaN: true })),
      quantity: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 100_001 })),
    },
    { requiredKeys: ['description'] },
  );
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 2 })).map(([b, m]) => applyMutations(b, m)), weight: 4 },
    { arbitrary: wrongValue, weight: 1 },
  );
}

export function guessedId(prefix: string): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...BASE62.split('')), { minLength: 22, maxLength: 22 }).map((chars) => `${prefix}_${chars.join('')}`);
}

const pathText = fc.oneof(
  fc.string({ maxLength: 40 }),
  unicode,
  injection,
  fc.constantFrom('', '.', '..', '%2e%2e', '%00', '%ZZ', '%', 'a%2Fb', 'x'.repeat(3000), ' ', '+', '?', '#'),
);

// Deliberately malformed escapes are sent as they are; everything else is encoded.
const MALFORMED_SEGMENTS = new Set(['%ZZ', '%', '%00', '%2e%2e', 'a%2Fb', '%00%2e%2e%2f']);
function segment(value: string): string {
  return MALFORMED_SEGMENTS.has(value) ? value : encodeText(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** encodeURIComponent, except a lone surrogate goes out as its invalid UTF-8 bytes instead of throwing. */
export function encodeText(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uE000')).replaceAll('%EE%80%80', '%ED%A0%80');
}

const queryValue = fc.oneof(fc.string({ maxLength: 45 }), fc.integer({ min: -5, max: 60 }).map(String), nanLike, unicode, injection, fc.constant('x'.repeat(50)));
function query(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 5 }, { arbitrary: fc.constantFrom('unknown', '__proto__', 'limit[]', 'a[b]', ''), weight: 1 });
  return fc
    .array(fc.tuple(key, queryValue), { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&')}` : ''));
}

const readHeaders = fc.oneof(
  { arbitrary: fc.constant<Record<string, string>>({}), weight: 6 },
  { arbitrary: fc.constantFrom<Record<string, string>>({ origin: 'https://evil.example' }, { 'x-forwarded-for': '1.2.3.4, <script>' }, { 'x-request-id': '../../etc' }, { accept: 'text/html' }, { 'content-type': 'application/json' }), weight: 1 },
);

function getRequest(kind: string, path: fc.Arbitrary<string>, method: fc.Arbitrary<string> = fc.constant('GET')): fc.Arbitrary<FuzzRequest> {
  return fc.record({ path, method, headers: readHeaders }).map(({ path: p, method: m, headers }) => ({ kind, method: m, path: `/api/v1${p}`, headers }));
}

/** Every route of the API, weighted towards the ones that write. */
export function fuzzRequest(catalog: FuzzCatalog): fc.Arbitrary<FuzzRequest> {
  const slug = catalog.products.length
    ? fc.oneof(fc.constantFrom(...catalog.products.map((p) => p.slug)), pathText)
    : pathText;
  const quoteId = fc.oneof({ arbitrary: fc.constant(QUOTE_REF), weight: 3 }, { arbitrary: fc.constant(BLOCKED_REF), weight: 1 }, { arbitrary: guessedId('q'), weight: 2 }, { arbitrary: pathText, weight: 2 });
  const index = fc.oneof(fc.integer({ min: -1, max: 12 }).map(String), fc.constantFrom('00', '1e1', 'abc', '99999999999999999999', '0x1', ' 0', '-0', '1.0'));
  const oddMethod = fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'GET');
  return fc.oneof(
    { arbitrary: jsonBodyRequest('/api/v1/quotes', 'quote', quoteBody(catalog)), weight: 30 },
    { arbitrary: jsonBodyRequest('/api/v1/handoffs', 'handoff', handoffBody()), weight: 10 },
    { arbitrary: jsonBodyRequest('/api/v1/rfq-links', 'rfq', rfqBody()), weight: 8 },
    { arbitrary: getRequest('get-quote', quoteId.map((id) => `/quotes/${id.startsWith('@@') ? id : segment(id)}`)), weight: 8 },
    { arbitrary: getRequest('preview', fc.tuple(quoteId, index).map(([id, i]) => `/quotes/${id.startsWith('@@') ? id : segment(id)}/items/${segment(i)}/preview.svg`)), weight: 8 },
    { arbitrary: getRequest('products', query(['search', 'division', 'limit', 'cursor'])), weight: 3 },
    { arbitrary: getRequest('product', slug.map((s) => `/products/${segment(s)}`)), weight: 3 },
    { arbitrary: getRequest('profiles', query(['search', 'profile_type', 'limit', 'cursor'])), weight: 3 },
    { arbitrary: getRequest('materials', query(['limit'])), weight: 2 },
    { arbitrary: getRequest('meta', fc.constantFrom('/status', '/openapi.json', '/status?x=1')), weight: 1 },
    {
      arbitrary: getRequest('odd-method', fc.constantFrom('/quotes', '/handoffs', '/rfq-links', '/status', '/materials', `/quotes/${QUOTE_REF}`), oddMethod),
      weight: 3,
    },
    { arbitrary: getRequest('unknown-path', pathText.map((p) => `/${segment(p)}/x`)), weight: 2 },
  );
}
