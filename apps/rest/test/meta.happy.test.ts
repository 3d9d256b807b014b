import { API_ROUTES, ERROR_CODES, ERROR_DOCS, ERROR_STATUS, ISSUE_CODES, ISSUE_SEVERITY } from '@shop/contracts';
import { get as httpGet } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import escapeHtml from 'escape-html';
import { readConfig } from '@shop/runtime';
import pino from 'pino';
import { createRestApp } from '../src/app';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import type { Harness } from './harness';

describe('status, OpenAPI document and docs page', () => {
  let app: TestApp;
  let http: Harness;

  beforeAll(async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'https://quotes.example.test' } });
    http = app.http;
  });
  afterAll(() => app.close());

  it('mounts exactly the routes of the OpenAPI document', () => {
    const { routes } = createRestApp({ config: readConfig({}), logger: pino({ level: 'silent' }), service: app.runtime.service });
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('GET /status answers the Status object', async () => {
    const reply = await http.request('GET', '/api/v1/status');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ object: 'status', ok: true, docs_url: 'https://quotes.example.test/docs', api: 'v1', storage: 'ok', rate_limits: 'database', price_book: expect.stringMatching(/^\d{4}-\d{2}-\d{2}\.\d+$/) });
    // The book new quotes are priced from: the one a quote made now records.
    const quote = await http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 }] } });
    expect(quote.json.price_book).toBe(reply.json.price_book);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /openapi.json serves the 3.1.0 document for the public address', async () => {
    const reply = await http.request('GET', '/api/v1/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.json.openapi).toBe('3.1.0');
    expect(reply.json.info.version).toBe('v1');
    expect(reply.json.servers).toEqual([{ url: 'https://quotes.example.test/api/v1' }]);
    expect(Object.keys(reply.json.paths)).toHaveLength(new Set(API_ROUTES.map((r) => r.path)).size);
  });

  it('the interactive explorer has a page of its own and loads Swagger UI from this service only', async () => {
    const page = await http.request('GET', '/docs/explorer');
    expect(page.status).toBe(200);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    const version = require('swagger-ui-dist/package.json').version as string;
    expect(sources).toEqual([`/docs/assets/${version}/swagger-ui.css`, '/docs', `/docs/assets/${version}/swagger-ui-bundle.js`, '/docs/init.js']);
    for (const source of sources) {
      const asset = await http.request('GET', source!);
      expect(asset.status).toBe(200);
      expect(asset.text.length).toBeGreaterThan(100);
    }
  });

  it('the docs page explains every error and issue code under its own anchor, as server-rendered HTML without a script', async () => {
    const reply = await http.request('GET', '/docs');
    const page = reply.text;
    for (const code of ERROR_CODES) {
      expect(page).toContain(`<section class="code" id="error-${code}" aria-labelledby="error-${code}-name">\n<h3 id="error-${code}-name"><code>${code}</code></h3>\n<ul class="facts"><li>HTTP ${ERROR_STATUS[code]}</li>`);
      expect(page).toContain(escapeHtml(ERROR_DOCS[code].action));
    }
    for (const code of ISSUE_CODES) expect(page).toContain(`<section class="code" id="issue-${code}" aria-labelledby="issue-${code}-name">\n<h3 id="issue-${code}-name"><code>${code}</code></h3>\n<ul class="facts"><li>severity ${ISSUE_SEVERITY[code]}</li>`);
    // Light and phone-readable: no script, no wide table, a viewport, every control labelled, a visible focus.
    expect(page).not.toMatch(/<script|<table|<select/);
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const inputs = [...page.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
    expect(inputs).toEqual(['find']);
    expect(page).toContain('<label for="find">Find a code or a word</label>');
    expect(page).toMatch(/a:focus-visible,input:focus-visible,button:focus-visible[^{]*\{outline:3px solid/);
    expect(page).toContain('overflow-wrap:anywhere');
    expect(Buffer.byteLength(page)).toBeLessThan(120_000);
    expect(page).toContain('<a href="/docs/explorer">interactive explorer</a>');
  });

  it('the docs page narrows the codes to a word without a script', async () => {
    const page = (await http.request('GET', '/docs?find=expired')).text;
    expect(page).toContain('id="error-quote_expired"');
    expect(page).not.toContain('id="error-product_not_found"');
    expect(page).toContain('value="expired"');
    const hostile = (await http.request('GET', `/docs?find=${encodeURIComponent('"><script>alert(1)</script>')}`)).text;
    expect(hostile).not.toContain('<script>alert(1)');
  });

  it('every error code\'s doc_url resolves to its own anchor on the docs page', async () => {
    const page = (await http.request('GET', '/docs')).text;
    for (const code of ERROR_CODES) {
      const url = new URL(`https://quotes.example.test/docs#error-${code}`);
      expect(url.pathname).toBe('/docs');
      expect(page.split(`id="${url.hash.slice(1)}"`)).toHaveLength(2);
    }
  });

  it('static assets are sent compressed (brotli, else gzip) with Cache-Control, immutable at a versioned or hashed address', async () => {
    const version = require('swagger-ui-dist/package.json').version as string;
    const bundle = await rawGet(`/docs/assets/${version}/swagger-ui-bundle.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(bundle.headers['content-encoding']).toBe('br');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.vary).toBe('Accept-Encoding');
    const plain = await rawGet(`/docs/assets/${version}/swagger-ui-bundle.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(bundle.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await rawGet(`/docs/assets/${version}/swagger-ui.css`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe((await rawGet(`/docs/assets/${version}/swagger-ui.css`, {})).body.toString());
    // Revalidated by its ETag.
    const again = await rawGet(`/docs/assets/${version}/swagger-ui.css`, { 'if-none-match': String(gz.headers.etag) });
    expect(again.status).toBe(304);

    const docs = await rawGet('/docs', { 'accept-encoding': 'br' });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers['cache-control']).toBe('public, max-age=300');
    expect(brotliDecompressSync(docs.body).toString()).toContain('id="error-quote_not_found"');

    // The pages' stylesheet: linked at its content hash, kept for a year there, an hour at its plain address.
    const home = await http.request('GET', '/', { headers: { accept: 'text/html' } });
    const css = /href="(\/assets\/pages\.css\?v=[A-Za-z0-9_-]{12})"/.exec(home.text)?.[1];
    expect(css).toBeDefined();
    const hashed = await rawGet(css!, { 'accept-encoding': 'br' });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('br');
    expect((await rawGet('/assets/pages.css', {})).headers['cache-control']).toBe('public, max-age=3600');
    expect((await rawGet('/assets/pages.css?v=stale', {})).headers['cache-control']).toBe('public, max-age=3600');
    expect((await rawGet('/assets/..%2f..%2fpackage.json', {})).status).toBe(404);
  });

  /** A GET whose body is left as sent (fetch would decode it). */
  function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const request = httpGet(`${http.baseUrl}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  }

  it("an error's doc_url opens the docs page at its code", async () => {
    const reply = await http.request('GET', '/api/v1/quotes/q_0000000000000000000000');
    expect(reply.json.error.doc_url).toBe('https://quotes.example.test/docs#error-quote_not_found');
    const page = await http.request('GET', new URL(reply.json.error.doc_url).pathname);
    expect(page.text).toContain('id="error-quote_not_found"');
  });
});
