// The audits' hostile drawings sent to the REST app: each once took the process down (heap out of
// memory, exit 134) or held a core for seconds; each now gets a clear answer and the app stays up.
import { PlateImport, Quote } from '@shop/contracts';
import { HOSTILE_DRAWINGS } from '../../../packages/drawings/src/test-hostile-drawings';
import { drawing, entityOfType, openContourDrawing, point, rectangleOfLines } from '../../../packages/drawings/src/test-drawings';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { bracketDxf } from './fixtures';
import { expectError } from './harness';

// The first drawing starts a process of the pool, from the TypeScript sources here: seconds on a busy machine.
jest.setTimeout(30_000);

describe('hostile drawings over REST', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const upload = (dxf: string | Buffer, query = '') =>
    app.http.request('POST', `/api/v1/plate-imports${query}`, { raw: dxf, headers: { 'content-type': 'application/dxf' } });

  it.each(HOSTILE_DRAWINGS.map((h) => [h.name, h] as const))('%s: a clear answer, and the app stays up', async (_name, hostile) => {
    const reply = await upload(hostile.text);
    if (hostile.expected === 'ok') expect(reply.status).toBe(201);
    else {
      expectError(reply, 422, 'invalid_request_error', hostile.expected);
      expect(reply.json.error.message.length).toBeLessThan(1_000);
    }
    expect((await app.http.request('GET', '/api/v1/status')).status).toBe(200);
  });

  it('quotes the leftover-bulge rectangle as the 10 x 5 mm part it is', async () => {
    const found = PlateImport.parse((await upload(HOSTILE_DRAWINGS[0]!.text)).json);
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: found.id }] } });
    expect(quote.status).toBe(201);
    expect(Quote.parse(quote.json).items[0]!.plate).toMatchObject({ width_in: 0.3937, height_in: 0.1969 });
  });

  it('answers a drawing past 5 MiB with a 413 that names the route\'s own limit', async () => {
    const refused = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 32));
    expectError(refused, 413, 'invalid_request_error', 'body_too_large');
    expect(refused.json.error.message).toBe('The body is larger than 5 MiB; remove what is not the part (title block, other views, text) or send one part per file.');
    // The JSON routes keep theirs.
    const quote = await app.http.request('POST', '/api/v1/quotes', { raw: `{"items":[],"pad":"${'x'.repeat(300_000)}"}`, headers: { 'content-type': 'application/json' } });
    expect(quote.json.error.message).toBe('The body is larger than 256 KiB; send fewer or smaller items.');
  });

  it('refuses a filename with a line break (it is echoed back), naming the field', async () => {
    const refused = await upload(bracketDxf(), `?filename=${encodeURIComponent('part\r\nX-Injected: 1.dxf')}`);
    expectError(refused, 422, 'invalid_request_error', 'parameter_invalid');
    expect(refused.json.error).toMatchObject({ param: 'filename', message: expect.stringContaining('must not hold line breaks or other control characters') });
  });

  it('serves the drawings of a quote and of an import to the browser that asked only (private), never to shared caches', async () => {
    const found = PlateImport.parse((await upload(bracketDxf())).json);
    const quote = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, import_id: found.id }] } })).json);
    for (const path of [`/api/v1/quotes/${quote.id}/items/0/preview.svg`, `/api/v1/quotes/${quote.id}/items/0/drawing.dxf`, new URL(found.preview_url).pathname]) {
      const reply = await app.http.request('GET', path);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    }
  });

  it('gives a drawing with an open contour a preview: the part as found, both ends of the gap circled, the issue named', async () => {
    const found = PlateImport.parse((await upload(openContourDrawing(), '?filename=bracket.dxf')).json);
    expect(found.issues.map((i) => i.code)).toEqual(['dxf_open_contour']);
    expect([found.width_in, found.height_in]).toEqual([4, 3]);
    expect(found.marks).toHaveLength(1);
    expect(found.preview_url).toBe(`http://quotes.test/api/v1/plate-imports/${found.id}/preview.svg`);
    const preview = await app.http.request('GET', new URL(found.preview_url).pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(preview.text).toContain('aria-label="Imported part bracket.dxf as found, which cannot be cut as drawn: dxf_open_contour"');
    // The hole, the open outline in the warning colour, a ring at each end of the gap, the legend.
    expect(preview.text.match(/<circle [^>]*fill="none"\/>/g)).toHaveLength(2);
    expect(preview.text).toContain('stroke="#b91c1c"');
    expect(preview.text).toMatch(/<text [^>]*>Open contour: A contour is open: its ends \(1\.95, 0\) in and \(2, 0\) in/);
  });

  /** A drawing of one 10 x 5 in plate padded to just under `mib` MiB with `pad(k)`. */
  const padded = (pad: (k: number) => string, mib = 5): string => {
    const parts: string[] = [];
    let size = 0;
    for (let k = 0; size < mib * 1024 * 1024 - 4_096; k++) {
      const entity = pad(k);
      parts.push(entity);
      size += entity.length + 1;
    }
    return drawing([...rectangleOfLines(0, 0, 10, 5), ...parts], { insUnits: 1 });
  };

  it('answers and keeps a few KB for 5 MiB of points each on its own layer (5.75 MB before)', async () => {
    // 18,158 points, each on a layer of its own with a long name, as the audit's drawing.
    const dxf = padded((k) => point(1 + (k % 8), 1 + (k % 3), `LAYER-${String(k).padStart(5, '0')}-${'X'.repeat(230)}`));
    expect(dxf.match(/\nPOINT\n/g)!.length).toBeGreaterThan(18_000);
    expect(dxf.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const reply = await upload(dxf);
    expect(reply.status).toBe(201);
    expect(reply.text.length).toBeLessThan(2_000);
    expect(PlateImport.parse(reply.json).ignored).toEqual([{ type: 'POINT', layer: expect.stringMatching(/^\d{2},\d{3} layers$/), count: expect.any(Number), note: 'points are not cut' }]);
  }, 60_000);

  it('refuses 5 MiB of unknown entity types each of its own name at the 1,001st (44 MB kept before)', async () => {
    const refused = await upload(padded((k) => entityOfType(`ODD${k}`, `L${k}`)));
    expectError(refused, 422, 'invalid_request_error', 'dxf_too_complex');
    expect(refused.json.error.message).toMatch(/^The drawing holds more than 1,000 kinds of entity the import does not read/);
  }, 60_000);

  it('answers and keeps a few KB for unknown entity types of 900 kinds, each record on its own layer', async () => {
    // 2 MiB (99,000 of them) keeps the test short on a busy machine; the bench reads 5 MiB.
    const dxf = padded((k) => entityOfType(`ODD${k % 900}`, `L${k}`), 2);
    const reply = await upload(dxf);
    expect(reply.status).toBe(201);
    const found = PlateImport.parse(reply.json);
    expect(found.ignored).toHaveLength(20);
    expect(found.ignored[19]).toMatchObject({ type: 'OTHER', note: expect.stringMatching(/^and [\d,]+ more groups of entities not cut/) });
    expect(reply.text.length).toBeLessThan(8_000);
    // Its page is as small.
    const page = await app.http.request('GET', `/plate/new/${found.id}`);
    expect(page.status).toBe(200);
    expect(page.text.length).toBeLessThan(60_000);
  }, 60_000);
});
