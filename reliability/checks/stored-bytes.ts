// What the worst legal request of each route adds to the store: the REST app from source on a fresh
// SQLite file, one request at a time, and the bytes of the text columns of every row it added
// (quotes, designs, handoffs, rfq links, imports, idempotency keys), read from the file itself. A
// request's rows must stay within 512 KiB (a typed request is at most 256 KiB of JSON, its quote at
// most 256 KiB), whatever it names; an import's own row is bounded by its drawing (5 MiB at most).
import Database from 'better-sqlite3';
import { circle, drawing, lwpolyline } from '../../packages/drawings/src/test-drawings';
import { heavyImportDxf } from '../../bench/heavy-import';
import type { Finding } from './load';
import { startServer, tempSqliteUrl } from './processes';

/** Text columns of each table: what a row costs the store (indexes and pages aside). */
const TABLES: Record<string, string[]> = {
  quotes: ['id', 'body', 'request'],
  plate_designs: ['id', 'handoff_id', 'quote_id', 'design'],
  handoffs: ['id', 'body'],
  rfq_links: ['id', 'body'],
  plate_imports: ['id', 'body'],
  idempotency_keys: ['key', 'request_hash', 'body', 'plate_import_id'],
};
const BOUND = 512 * 1024;

function storedBytes(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      Object.entries(TABLES).map(([table, columns]) => {
        const sum = columns.map((c) => `COALESCE(LENGTH(CAST(${c} AS BLOB)), 0)`).join(' + ');
        return [table, Number(db.prepare(`SELECT COALESCE(SUM(${sum}), 0) AS n FROM ${table}`).pluck().get())];
      }),
    );
  } finally {
    db.close();
  }
}

/** A typed plate near the body limit's share of a ten-item quote: a 200-corner outline and five 200-corner cut-outs, six decimals each. */
function typedWorstPlate(k: number): Record<string, unknown> {
  const ring = (cx: number, cy: number, r: number) =>
    Array.from({ length: 200 }, (_, i) => [Number((cx + r * Math.cos((2 * Math.PI * i) / 200) + k * 1e-6).toFixed(6)), Number((cy + r * Math.sin((2 * Math.PI * i) / 200)).toFixed(6))]);
  return {
    kind: 'plate',
    material: 'mild_steel',
    thickness_in: 0.25,
    outline: { kind: 'polygon', points_in: ring(30, 30, 29.123456) },
    cutouts: Array.from({ length: 5 }, (_, j) => ({ kind: 'polygon', points_in: ring(14 + 8 * j, 30, 2.345678) })),
    holes: [{ kind: 'grid', center_x_in: 30, center_y_in: 45, columns: 10, rows: 4, x_spacing_in: 1.5, y_spacing_in: 1.5, diameter_in: 0.5 }],
    bends: [],
    quantity: 999,
    quantity_options: [1, 2, 3, 4, 5],
    label: `Part ${k} ${'x'.repeat(40)}`,
  };
}

/** Ten typed plates as long as the 256 KiB body allows. */
function typedWorstQuote(): { items: unknown[] } {
  const items: unknown[] = [];
  for (let k = 0; k < 10; k++) {
    items.push(typedWorstPlate(k));
    if (JSON.stringify({ items }).length > 250 * 1024) {
      items.pop();
      break;
    }
  }
  return { items };
}

interface Case {
  route: string;
  request: string;
  status: number;
  bytes: number;
  byTable: Record<string, number>;
}

export async function measureStoredBytes(): Promise<Case[]> {
  const databaseUrl = tempSqliteUrl();
  const file = databaseUrl.slice('file:'.length);
  const server = await startServer('rest', { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://quotes.test', RATE_LIMIT_SCALE: '100', REDIS_URL: '' });
  const cases: Case[] = [];
  try {
    const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const response = await fetch(server.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      return { status: response.status, text: await response.text() };
    };
    const measure = async (route: string, request: string, send: () => Promise<{ status: number; text: string }>): Promise<{ status: number; text: string }> => {
      const before = storedBytes(file);
      const answer = await send();
      const after = storedBytes(file);
      const byTable: Record<string, number> = {};
      for (const table of Object.keys(TABLES)) {
        const added = (after[table] ?? 0) - (before[table] ?? 0);
        if (added !== 0) byTable[table] = added;
      }
      cases.push({ route, request, status: answer.status, bytes: Object.values(byTable).reduce((a, b) => a + b, 0), byTable });
      return answer;
    };

    const typed = JSON.stringify(typedWorstQuote());
    const typedQuote = await measure('POST /quotes (typed)', `${typedWorstQuote().items.length} typed plates, ${Math.round(typed.length / 1024)} KiB of JSON`, () => post('/api/v1/quotes', typed));
    const heavy = heavyImportDxf();
    const imported = await measure('POST /plate-imports', `a 19,000-vertex part, ${Math.round(heavy.length / 1024)} KiB of DXF`, () =>
      post('/api/v1/plate-imports', heavy, { 'content-type': 'application/dxf' }),
    );
    const importId = (JSON.parse(imported.text) as { id: string }).id;
    const naming = JSON.stringify({ items: Array.from({ length: 10 }, (_, k) => ({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: importId, quantity: k + 1, label: `Part ${k}` })) });
    const namingQuote = await measure('POST /quotes (naming an import)', '10 items naming the 19,000-vertex import', () => post('/api/v1/quotes', naming));
    for (const [what, quote] of [['the typed quote', typedQuote], ['the import quote', namingQuote]] as const) {
      const id = (JSON.parse(quote.text) as { id: string }).id;
      await measure('POST /handoffs', `an order link of ${what} (10 designs)`, () => post('/api/v1/handoffs', JSON.stringify({ quote_ids: [id] })));
    }
    const rfq = JSON.stringify({ description: 'Stair stringers, 12 risers, hot-dip galvanized after welding. '.repeat(60).slice(0, 2000), material: 'Mild steel', thickness_in: 0.25, quantity: 10_000 });
    await measure('POST /rfq-links', 'the longest description', () => post('/api/v1/rfq-links', rfq));
    await measure('POST /quotes (Idempotency-Key)', 'the typed quote above with a key: its answer kept', () => post('/api/v1/quotes', typed, { 'idempotency-key': 'typed-1' }));
    await measure('replay of POST /quotes', 'the same key and body again', () => post('/api/v1/quotes', typed, { 'idempotency-key': 'typed-1' }));
    await measure('POST /plate-imports (Idempotency-Key)', 'the 19,000-vertex drawing with a key: its answer kept as a reference', () =>
      post('/api/v1/plate-imports', heavy, { 'content-type': 'application/dxf', 'idempotency-key': 'drawing-1' }),
    );
    await measure('replay of POST /plate-imports', 'the same key and drawing again', () =>
      post('/api/v1/plate-imports', heavy, { 'content-type': 'application/dxf', 'idempotency-key': 'drawing-1' }),
    );
    // A drawing of the part and 1,000 holes' worth of round cut-outs on their own layers, for the
    // import's own size beside its input's.
    const dotted = drawing([lwpolyline([[0, 0], [100, 0], [100, 50], [0, 50]], true, 'CUT'), ...Array.from({ length: 450 }, (_, k) => circle(2 + (k % 45) * 2.2, 3 + Math.floor(k / 45) * 4.5, 0.3, 'CUT'))], { insUnits: 1 });
    await measure('POST /plate-imports', `450 holes in a 100 x 50 in plate, ${Math.round(dotted.length / 1024)} KiB of DXF`, () => post('/api/v1/plate-imports', dotted, { 'content-type': 'application/dxf' }));
  } finally {
    await server.stop();
  }
  return cases;
}

export async function runStoredBytesChecks(): Promise<Finding[]> {
  const cases = await measureStoredBytes();
  return cases.map((c) => {
    const isImport = c.route === 'POST /plate-imports';
    const ok = (c.status === 201 || c.status === 200) && (isImport || c.bytes <= BOUND);
    return {
      test: `stored bytes: ${c.route}`,
      ok,
      load: c.request,
      faults: 'none',
      result: `${c.status}, ${c.bytes.toLocaleString('en-CA')} B stored (${Object.entries(c.byTable).map(([t, n]) => `${t} ${n.toLocaleString('en-CA')}`).join(', ') || 'nothing'})${isImport ? '' : `; bound ${BOUND.toLocaleString('en-CA')} B`}`,
      details: c,
    };
  });
}
