// Real answers of the REST app, checked against the OpenAPI document it serves with a JSON Schema
// validator (ajv, draft 2020-12 as OpenAPI 3.1 uses): quotes ready and blocked, imports clean,
// blocked and read at the wrong scale, the errors of the hostile drawings and of bad requests.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { HOSTILE_DRAWINGS } from '../../packages/drawings/src/test-hostile-drawings';
import { circle, drawing, openContourDrawing, rectangleOfLines } from '../../packages/drawings/src/test-drawings';
import { startTestApp } from '../../apps/rest/test/app-harness';
import type { TestApp } from '../../apps/rest/test/app-harness';
import { bracketDxf, bracketTyped } from '../../apps/rest/test/fixtures';

interface Answer {
  method: 'get' | 'post';
  /** The path as the document names it: /quotes/{public_id}. */
  route: string;
  status: number;
  json: unknown;
}

let app: TestApp;
let validate: (answer: Answer) => string[];

beforeAll(async () => {
  app = await startTestApp();
  const document = (await app.http.request('GET', '/api/v1/openapi.json')).json as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  // The document's own keywords (discriminator, example) are not JSON Schema's: not strict.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  validate = (answer) => {
    const responses = document.paths[answer.route]?.[answer.method]?.responses;
    if (!responses) return [`${answer.method.toUpperCase()} ${answer.route} is not in the document`];
    const status = String(answer.status) in responses ? String(answer.status) : 'default';
    if (!(status in responses)) return [`${answer.method.toUpperCase()} ${answer.route} does not document ${answer.status}`];
    const check = ajv.compile({ $ref: `openapi.json#/${pointer('paths', answer.route, answer.method, 'responses', status, 'content', 'application/json', 'schema')}` });
    return check(answer.json) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
});
afterAll(() => app.close());

async function send(method: 'get' | 'post', route: string, path: string, body?: { json?: unknown; dxf?: string | Buffer; type?: string }): Promise<Answer> {
  const reply =
    body?.dxf !== undefined
      ? await app.http.request('POST', `/api/v1${path}`, { raw: body.dxf, headers: { 'content-type': body.type ?? 'application/dxf' } })
      : await app.http.request(method.toUpperCase() as 'GET' | 'POST', `/api/v1${path}`, body?.json === undefined ? {} : { body: body.json });
  return { method, route, status: reply.status, json: reply.json };
}

const importDrawing = (dxf: string | Buffer, query = '', type?: string) => send('post', '/plate-imports', `/plate-imports${query}`, { dxf, ...(type ? { type } : {}) });

/** A 300 x 200 mm deck panel with mounting holes, for reading at the wrong scale (as inches). */
function deckPanelDxf(): string {
  const holes = [[15.5, 15.5], [184.5, 15.5], [284.5, 15.5], [15.5, 184.5], [184.5, 184.5], [284.5, 184.5]].map(([x, y]) => circle(x!, y!, 4.25));
  return drawing([...rectangleOfLines(0, 0, 300, 200), ...holes], { insUnits: 4 });
}

// Drawings are read in child processes started on the first import (from the sources here).
jest.setTimeout(30_000);

describe('real answers against openapi.json', () => {
  it('the check itself finds an answer that breaks the document', async () => {
    const status = await send('get', '/status', '/status');
    expect(validate(status)).toEqual([]);
    expect(validate({ ...status, json: { ...(status.json as object), ok: 'yes' } })).not.toEqual([]);
    const found = await importDrawing(bracketDxf());
    const plate = (found.json as { plate: { holes: Array<{ x_in: number }> } }).plate;
    expect(validate({ ...found, json: { ...(found.json as object), plate: { ...plate, holes: [{ ...plate.holes[0], x_in: 10_001 }] } } })).not.toEqual([]);
  });

  it('quotes, ready and blocked, read back, handed off', async () => {
    const ready = await send('post', '/quotes', '/quotes', { json: { items: [bracketTyped(), { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 }] } });
    expect(ready.status).toBe(201);
    const blocked = await send('post', '/quotes', '/quotes', { json: { items: [bracketTyped({ holes: [{ kind: 'single', x_in: 50, y_in: 1, diameter_in: 0.5 }] })] } });
    expect((blocked.json as { status: string }).status).toBe('blocked');
    const id = (ready.json as { id: string }).id;
    const answers = [
      ready,
      blocked,
      await send('get', '/quotes/{public_id}', `/quotes/${id}`),
      await send('post', '/handoffs', '/handoffs', { json: { quote_ids: [id] } }),
      await send('get', '/quotes/{public_id}', '/quotes/q_0000000000000000000000'),
      await send('post', '/quotes', '/quotes', { json: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.3 }] } }),
      await send('get', '/materials', '/materials'),
      await send('get', '/status', '/status'),
    ];
    for (const answer of answers) expect([answer.status, validate(answer)]).toEqual([answer.status, []]);
  });

  it('imports: clean, blocked with marks, read at the wrong scale, and the quotes naming them', async () => {
    const clean = await importDrawing(bracketDxf(), '?filename=bracket.dxf');
    const open = await importDrawing(openContourDrawing());
    // The deck panel drawn in millimetres read as inches: 300 x 200 in, a hole at x = 184.5 in.
    const deck = await importDrawing(deckPanelDxf(), '?units=in');
    expect((deck.json as { issues: Array<{ code: string }> }).issues.map((i) => i.code)).toEqual(['dxf_part_too_large', 'dxf_units_suspect']);
    expect((deck.json as { plate: { holes: Array<{ x_in: number }> } }).plate.holes.map((h) => h.x_in)).toContain(184.5);
    const answers = [clean, open, deck];
    for (const found of [clean, open, deck]) {
      const id = (found.json as { id: string }).id;
      answers.push(await send('post', '/quotes', '/quotes', { json: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: id }] } }));
    }
    for (const answer of answers) expect([answer.status, validate(answer)]).toEqual([answer.status, []]);
  });

  it('errors of drawings: the hostile ones, too large, not a drawing', async () => {
    // One after another: an address may have only 4 drawings arriving at once (a fifth is 429).
    const answers = [];
    for (const hostile of HOSTILE_DRAWINGS) answers.push(await importDrawing(hostile.text));
    answers.push(await importDrawing(Buffer.alloc(5 * 1024 * 1024 + 1, 32)));
    answers.push(await importDrawing('not a drawing', '', 'text/plain'));
    answers.push(await importDrawing(bracketDxf(), '?filename=a%0Ab.dxf'));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201, 413, 415, 422]));
    for (const answer of answers) expect([answer.status, validate(answer)]).toEqual([answer.status, []]);
  });
});
