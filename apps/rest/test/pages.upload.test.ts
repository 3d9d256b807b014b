// The upload page over plain HTTP: a drawing in as a multipart form, the part it gave priced at a
// chosen material, thickness and quantity, and ordered through an order link.
import { Quote } from '@shop/contracts';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { openContourDrawing } from '../../../packages/drawings/src/test-drawings';
import { bracketDxf, bracketTyped } from './fixtures';

/** A multipart form body with the drawing and the units, as a browser sends it. */
function multipart(dxf: string | Buffer, units: string, filename = 'bracket-a.dxf'): { raw: Buffer; headers: Record<string, string>; redirect: 'manual' } {
  const boundary = '----shopTestBoundary7MA4YWxkTrZu0gW';
  const raw = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="drawing"; filename="${filename}"\r\nContent-Type: application/dxf\r\n\r\n`),
    Buffer.isBuffer(dxf) ? dxf : Buffer.from(dxf),
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="units"\r\n\r\n${units}\r\n--${boundary}--\r\n`),
  ]);
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' as const };
}

const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the upload page', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('offers a plain form: a file, the units, a button', async () => {
    const page = await app.http.request('GET', '/plate/new');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form class="card upload" method="post" action="/plate/new" enctype="multipart/form-data">');
    expect(page.text).toContain('<input id="drawing" name="drawing" type="file"');
    expect(page.text.match(/type="radio" name="units"/g)).toHaveLength(3);
  });

  it('imports the file, shows the part, prices it at the choice as a quote would, and orders it', async () => {
    const sent = await app.http.request('POST', '/plate/new', multipart(bracketDxf(), ''));
    expect(sent.status).toBe(303);
    const quoterPath = sent.headers.get('location')!;
    expect(quoterPath).toMatch(/^\/plate\/new\/pi_[0-9A-Za-z]{22}$/);

    const shown = await app.http.request('GET', quoterPath);
    expect(shown.status).toBe(200);
    expect(text(shown.text)).toContain('bracket-a.dxf');
    expect(text(shown.text)).toContain('Read in millimetres Round holes 4 Cut-outs 1 Bends 1');
    expect(text(shown.text)).toContain('1 TEXT on layer NOTES');
    expect(shown.text).toContain('<figure class="card drawing" aria-label="Drawing of the part"><svg');
    expect(shown.text).toContain('<option value="mild_steel|0.1345">10 ga (0.1345 in)</option>');

    const priced = await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent('mild_steel|0.1345')}&quantity=10`);
    expect(priced.status).toBe(200);
    const typed = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped()] } })).json).items[0]!;
    expect(priced.text).toContain(`<dd data-field="amount">$${(typed.amount_cents! / 100).toFixed(2)}</dd>`);
    expect(priced.text).toContain('<option value="mild_steel|0.1345" selected>');

    const ordered = await app.http.request('POST', `${quoterPath}/order`, {
      raw: `stock=${encodeURIComponent('mild_steel|0.1345')}&quantity=10`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      redirect: 'manual',
    });
    expect(ordered.status).toBe(303);
    const orderPath = ordered.headers.get('location')!;
    expect(orderPath).toMatch(/^\/o\/h_[0-9A-Za-z]{22}$/);
    const order = await app.http.request('GET', orderPath);
    expect(text(order.text)).toContain(`Quantity 10 Unit price $${(typed.unit_amount_cents! / 100).toFixed(2)}`);
  });

  it('says in words what is wrong with a file, on the form, keeping the units chosen', async () => {
    const noUnits = await app.http.request('POST', '/plate/new', multipart(bracketDxf({ insUnits: null }), ''));
    expect(noUnits.status).toBe(422);
    expect(text(noUnits.text)).toMatch(/does not say which units/i);
    expect(noUnits.text).toContain('role="alert"');

    const binary = await app.http.request('POST', '/plate/new', multipart(Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00rest'), 'mm'));
    expect(binary.status).toBe(422);
    expect(text(binary.text)).toContain('ASCII DXF');
    expect(binary.text).toContain('value="mm" checked');

    const huge = await app.http.request('POST', '/plate/new', multipart(Buffer.alloc(5 * 1024 * 1024 + 10, 32), 'mm'));
    expect(huge.status).toBe(413);
    expect(text(huge.text)).toContain('larger than 5 MiB');

    const crossSite = await app.http.request('POST', '/plate/new', { ...multipart(bracketDxf(), ''), headers: { ...multipart(bracketDxf(), '').headers, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });

  it('refuses two files in one upload in words, and strips control characters from a file name', async () => {
    const boundary = '----shopTestBoundaryTwoFiles';
    const part = (name: string, filename: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/dxf\r\n\r\n${body}\r\n`;
    const raw = Buffer.from(`${part('drawing', 'a.dxf', bracketDxf())}${part('drawing', 'b.dxf', bracketDxf())}--${boundary}--\r\n`);
    const two = await app.http.request('POST', '/plate/new', { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(two.status).toBe(422);
    expect(text(two.text)).toContain('Send one drawing at a time: the form held more than one file');

    // RFC 5987's filename* carries any character, percent-encoded: a line break and a bell here.
    const encoded = Buffer.from(`${part('drawing', 'x', bracketDxf()).replace('filename="x"', "filename*=UTF-8''bracket%0Aline%07two.dxf")}--${boundary}--\r\n`);
    const sent = await app.http.request('POST', '/plate/new', { raw: encoded, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin' }, redirect: 'manual' });
    expect(sent.status).toBe(303);
    const importId = sent.headers.get('location')!.split('/').pop()!;
    const found = await app.http.request('GET', `/api/v1/plate-imports/${importId}/preview.svg`);
    expect(found.text).toContain('aria-label="Imported part bracket line two.dxf:');
  });

  it('shows the drawing of a part with a blocking issue, the defect marked and named', async () => {
    const sent = await app.http.request('POST', '/plate/new', multipart(openContourDrawing(), 'in', 'open.dxf'));
    expect(sent.status).toBe(303);
    const page = await app.http.request('GET', sent.headers.get('location')!);
    expect(page.status).toBe(200);
    const drawingOnPage = page.text.match(/<svg[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(drawingOnPage).toContain('cannot be cut as drawn: dxf_open_contour');
    expect(drawingOnPage.match(/<circle [^>]*fill="none"\/>/g)).toHaveLength(2);
  });

  it('asks again for a choice outside the lists, and refuses an unknown import', async () => {
    const sent = await app.http.request('POST', '/plate/new', multipart(bracketDxf(), 'mm'));
    const quoterPath = sent.headers.get('location')!;
    const wrong = await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent('mild_steel|0.2')}&quantity=10`);
    expect(wrong.status).toBe(422);
    expect(text(wrong.text)).toMatch(/thickness/);
    expect((await app.http.request('GET', '/plate/new/pi_0000000000000000000000')).status).toBe(404);
  });
});
