import { API_ROUTES, ERROR_CODES, ERROR_DOCS, ERROR_STATUS, ISSUE_CODES, ISSUE_SEVERITY } from '@shop/contracts';
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

  it('the docs page loads Swagger UI from this service only', async () => {
    const page = await http.request('GET', '/docs');
    expect(page.status).toBe(200);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/init.js']);
    for (const source of sources) {
      const asset = await http.request('GET', source!);
      expect(asset.status).toBe(200);
      expect(asset.text.length).toBeGreaterThan(100);
    }
  });

  it('the docs page explains every error and issue code under its own anchor', async () => {
    const page = (await http.request('GET', '/docs')).text;
    for (const code of ERROR_CODES) {
      expect(page).toMatch(new RegExp(`<tr id="error-${code}"><td><code>${code}</code></td><td>${ERROR_STATUS[code]}</td>`));
      expect(page).toContain(escapeHtml(ERROR_DOCS[code].action));
    }
    for (const code of ISSUE_CODES) expect(page).toContain(`<tr id="issue-${code}"><td><code>${code}</code></td><td>${ISSUE_SEVERITY[code]}</td>`);
  });

  it("an error's doc_url opens the docs page at its code", async () => {
    const reply = await http.request('GET', '/api/v1/quotes/q_0000000000000000000000');
    expect(reply.json.error.doc_url).toBe('https://quotes.example.test/docs#error-quote_not_found');
    const page = await http.request('GET', new URL(reply.json.error.doc_url).pathname);
    expect(page.text).toContain('id="error-quote_not_found"');
  });
});
