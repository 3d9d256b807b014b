import { PAGE_POLICY } from '../src/http/security-headers';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { findPlateLinks, makeOrder, makeRfqLink, openPageForm, openRfqForm, postForm, readText } from './page-helpers';
import type { Reply } from './harness';

// Everything a label may hold (quotes, hash, parentheses, slash) and a description's markup.
const LABEL = `"Bracket" 'A' #1 (x/y) " autofocus x"`;
const MARKUP = `<script>alert(1)</script> "><img src=x onerror=alert(2)> </textarea><b>bold</b> & 'single' "double"`;
const ESCAPED_MARKUP = '&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt; &lt;/textarea&gt;&lt;b&gt;bold&lt;/b&gt; &amp; &#39;single&#39; &quot;double&quot;';

describe('security of the pages', () => {
  let app: TestApp;
  let pages: Record<string, Reply>;
  let order: Awaited<ReturnType<typeof makeOrder>>;

  beforeAll(async () => {
    app = await startTestApp();
    order = await makeOrder(app, [typicalPlate({ label: LABEL }), kitProduct({ label: LABEL })]);
    const orderPage = await app.http.request('GET', order.orderPath);
    const platePath = findPlateLinks(orderPage.text)[0] as string;
    const rfq = await makeRfqLink(app, { description: MARKUP, material: `"'<i>` });
    const form = await openRfqForm(app, rfq.path);
    const filled = { form_token: form.formToken, description: MARKUP, material: `"'<i>`, name: `<img src=x onerror=alert(3)>"'`, email: 'sam@example.com', phone: '', company: MARKUP.slice(0, 100) };
    pages = {
      home: await app.http.request('GET', '/', { headers: { accept: 'text/html' } }),
      order: orderPage,
      plate: await app.http.request('GET', platePath),
      platePlateRequest: await (async () => {
        const plateForm = await openPageForm(app, platePath);
        return postForm(app, `${platePath}/quote-request`, { form_token: plateForm.formToken, quantity: '5' }, { cookie: plateForm.cookie });
      })(),
      product: await app.http.request('GET', '/products/round-bale-feeder?tier=kit&quantity=2'),
      rfqForm: form.reply,
      rfqErrors: await postForm(app, rfq.path, { ...filled, email: `x"><script>alert(4)</script>` }, { cookie: form.cookie }),
      rfqThanks: await postForm(app, rfq.path, filled, { cookie: form.cookie }),
      notFound: await app.http.request('GET', `/o/h_0000000000000000000000`),
      notFoundQuery: await app.http.request('GET', `/plate/%3Cscript%3Ealert(5)%3C%2Fscript%3E`),
    };
  });
  afterAll(() => app.close());

  it('every page answers with the strict headers and noindex', () => {
    for (const [name, reply] of Object.entries(pages)) {
      const headers = {
        name,
        csp: reply.headers.get('content-security-policy'),
        nosniff: reply.headers.get('x-content-type-options'),
        frame: reply.headers.get('x-frame-options'),
        referrer: reply.headers.get('referrer-policy'),
        robots: reply.headers.get('x-robots-tag'),
        cache: reply.headers.get('cache-control'),
      };
      expect(headers).toEqual({ name, csp: PAGE_POLICY, nosniff: 'nosniff', frame: 'DENY', referrer: 'no-referrer', robots: 'noindex, nofollow', cache: 'no-store' });
      expect(PAGE_POLICY).toContain("frame-ancestors 'none'");
      expect(PAGE_POLICY).not.toContain('unsafe-inline');
      expect(reply.text).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(reply.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    }
  });

  it('no page has inline script or style, and none loads anything from elsewhere', () => {
    for (const [name, reply] of Object.entries(pages)) {
      expect({ name, inlineScripts: reply.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g) }).toEqual({ name, inlineScripts: null });
      expect({ name, styles: reply.text.match(/<style|\sstyle="/g) }).toEqual({ name, styles: null });
      // Attribute names only: quoted values (escaped text) are set aside first.
      const handlers = (reply.text.match(/<[a-z][^>]*>/gi) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""')).filter((tag) => /\son[a-z]+=/i.test(tag));
      expect({ name, handlers }).toEqual({ name, handlers: [] });
      const sources = [...reply.text.matchAll(/\s(?:src|href|action)="([^"]*)"/g)].map((m) => m[1] as string);
      expect(sources.filter((s) => !s.startsWith('/'))).toEqual([]);
    }
  });

  it('labels and descriptions full of markup and quotes render as text on every page', () => {
    const escapedLabel = '&quot;Bracket&quot; &#39;A&#39; #1 (x/y) &quot; autofocus x&quot;';
    expect(order.quote.items[0].label).toBe(LABEL);
    expect(pages.order?.text).toContain(`<h2>${escapedLabel}</h2>`);
    expect(readText(pages.order?.text ?? '')).toContain(LABEL);
    expect(pages.plate?.text).toContain(`<h1>${escapedLabel}</h1>`);
    expect(pages.plate?.text).toContain(`<title>${escapedLabel} · Ontario Steel Shop</title>`);
    expect(pages.platePlateRequest?.text).toContain(`labelled &quot;${escapedLabel}&quot;`);
    expect(pages.rfqForm?.text).toContain(`rows="6" aria-describedby="f-description-hint">${ESCAPED_MARKUP}</textarea>`);
    expect(pages.rfqForm?.text).toContain('value="&quot;&#39;&lt;i&gt;"');
    expect(pages.rfqErrors?.status).toBe(422);
    expect(pages.rfqErrors?.text).toContain('value="x&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;"');
    expect(pages.rfqThanks?.status).toBe(201);
    expect(pages.rfqThanks?.text).toContain('<h1>Thank you, &lt;img src=x onerror=alert(3)&gt;&quot;&#39;</h1>');
    expect(pages.notFoundQuery?.status).toBe(404);
    for (const [name, reply] of Object.entries(pages)) {
      for (const raw of ['<script>alert', '<img src=x', '<b>bold', '<i>', 'autofocus x"']) {
        expect({ name, raw, found: reply.text.includes(raw) }).toEqual({ name, raw, found: false });
      }
    }
  });

  it('the drawings carry no request text and no script', async () => {
    const svg = await app.http.request('GET', `/api/v1/quotes/${order.quote.id}/items/0/preview.svg`);
    expect(svg.status).toBe(200);
    const drawings = [svg.text, /<svg[\s\S]*<\/svg>/.exec(pages.plate?.text ?? '')?.[0] ?? ''];
    for (const drawing of drawings) {
      expect(drawing).toMatch(/^<svg xmlns/);
      expect(drawing).not.toMatch(/Bracket|<script|\son[a-z]+=|href=/i);
    }
  });

  it.each(['/r/%', '/o/%', '/plate/%', '/plate/%/price', '/products/%E0%A4%A', '/r/%zz'])('answers the malformed path %s with a 404 page, never a 5xx', async (path) => {
    const reply = await app.http.request('GET', path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toContain('There is no page at this address.');
  });

  it('a quote request from a plate needs a same-site post', async () => {
    const orderPage = await app.http.request('GET', order.orderPath);
    const platePath = findPlateLinks(orderPage.text)[0] as string;
    const crossSite = await app.http.request('POST', `${platePath}/quote-request`, {
      raw: 'quantity=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  it('the API and the docs page are not framed or sniffed either, and the docs page still loads its scripts', async () => {
    for (const path of ['/api/v1/status', '/api/v1/nothing', '/docs', '/elsewhere']) {
      const reply = await app.http.request('GET', path);
      expect({ path, nosniff: reply.headers.get('x-content-type-options'), frame: reply.headers.get('x-frame-options') }).toEqual({ path, nosniff: 'nosniff', frame: 'DENY' });
      expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const docs = await app.http.request('GET', '/docs');
    expect(docs.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect((await app.http.request('GET', '/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });
});
