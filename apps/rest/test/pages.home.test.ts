// The service's own address opened in a browser: a page with the ways in, not a JSON 404.
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { expectError } from './harness';
import { readText } from './page-helpers';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('the page at /', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('sends a browser on to the upload page and the API reference', async () => {
    const reply = await app.http.request('GET', '/', { headers: { accept: BROWSER_ACCEPT } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.text).toContain('<a class="button" href="/plate/new">Send a drawing</a>');
    expect(reply.text).toContain('<a href="/docs">API reference</a>');
    expect(readText(reply.text)).toContain('Instant quotes for cut plate');
    // Both links lead to real pages.
    expect((await app.http.request('GET', '/plate/new')).status).toBe(200);
    expect((await app.http.request('GET', '/docs')).status).toBe(200);
  });

  it('answers curl (any type) with the page too, and a client asking for JSON only with the API\'s 404 envelope', async () => {
    expect((await app.http.request('GET', '/', { headers: { accept: '*/*' } })).status).toBe(200);
    expectError(await app.http.request('GET', '/', { headers: { accept: 'application/json' } }), 404, 'not_found_error', 'route_not_found');
    // Only GET (and HEAD): another method keeps the envelope.
    expectError(await app.http.request('POST', '/', { headers: { accept: BROWSER_ACCEPT } }), 404, 'not_found_error', 'route_not_found');
  });
});
