import { ID_LENGTH, isWellFormedId, newId } from '@shop/service';
import { gzipSync } from 'node:zlib';
import { measureJsonDepth, MAX_JSON_DEPTH } from '@shop/runtime';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';

const JSON_TYPE = { 'content-type': 'application/json' };
const LEAK = /\bat .+\.(ts|js):\d+|\/work\/|node_modules|prisma|sqlite|URIError|ZlibError|incorrect header check/i;

describe('hostile input', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
  });
  afterAll(() => app.close());

  describe('bodies', () => {
    it('a body nested deeper than 32 levels is 400 invalid_json before validation; 32 levels still reach validation', async () => {
      const deep = (depth: number) => `{"items":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      const tooDeep = await app.http.request('POST', '/api/v1/quotes', { raw: deep(MAX_JSON_DEPTH + 1), headers: JSON_TYPE });
      expectError(tooDeep, 400, 'invalid_request_error', 'invalid_json');
      expect(tooDeep.json.error.message).toContain('32 levels');
      const atLimit = await app.http.request('POST', '/api/v1/quotes', { raw: deep(MAX_JSON_DEPTH), headers: JSON_TYPE });
      expectError(atLimit, 422, 'invalid_request_error', 'parameter_invalid');
      const hundredThousand = `{"description":${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}}`;
      expectError(await app.http.request('POST', '/api/v1/rfq-links', { raw: hundredThousand, headers: JSON_TYPE }), 400, 'invalid_request_error', 'invalid_json');
    });

    it('measures depth without recursion, stopping past the limit', () => {
      expect(measureJsonDepth(1)).toBe(0);
      expect(measureJsonDepth({ items: [{ outline: { points_in: [[0, 1]] } }] })).toBe(6);
      let value: unknown = 1;
      for (let i = 0; i < 200_000; i += 1) value = [value];
      expect(measureJsonDepth(value)).toBe(MAX_JSON_DEPTH + 1);
    });

    it('a compressed body that does not inflate is 400 invalid_json, not a 500; a decompression bomb is 413', async () => {
      const notGzip = await app.http.request('POST', '/api/v1/quotes', { raw: '{"items":[]}', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' } });
      expectError(notGzip, 400, 'invalid_request_error', 'invalid_json');
      expect(notGzip.text).not.toMatch(LEAK);
      const realGzip = await app.http.request('POST', '/api/v1/quotes', {
        raw: gzipSync(JSON.stringify({ items: [kitProduct()] })),
        headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      });
      expect(realGzip.status).toBe(201);
      const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
      expectError(
        await app.http.request('POST', '/api/v1/quotes', { raw: bomb, headers: { ...JSON_TYPE, 'content-encoding': 'gzip' } }),
        413,
        'invalid_request_error',
        'body_too_large',
      );
    });

    it('duplicated keys: the last one counts, and it is validated', async () => {
      const raw = `{"items":[${JSON.stringify(kitProduct())}],"items":"none"}`;
      expectError(await app.http.request('POST', '/api/v1/quotes', { raw, headers: JSON_TYPE }), 422, 'invalid_request_error', 'parameter_invalid');
    });

    it('numbers past what JSON floats hold are refused, not priced', async () => {
      for (const raw of ['1e400', '-0', '1e-400', '9007199254740993']) {
        const reply = await app.http.request('POST', '/api/v1/quotes', {
          raw: `{"items":[{"kind":"product","slug":"round-bale-feeder","tier":"kit","quantity":${raw}}]}`,
          headers: JSON_TYPE,
        });
        expectError(reply, 422, 'invalid_request_error', 'quantity_out_of_range');
      }
    });

    it('strings are bounded by the contracts', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['/api/v1/rfq-links', { description: 'x'.repeat(2001) }, 'description'],
        ['/api/v1/rfq-links', { description: 'ok', material: 'x'.repeat(61) }, 'material'],
        ['/api/v1/handoffs', { quote_ids: ['q'.repeat(65)] }, 'quote_ids[0]'],
        ['/api/v1/quotes', { items: [kitProduct({ slug: 'a'.repeat(81) })] }, 'items[0].slug'],
      ];
      for (const [path, body, param] of cases) {
        const reply = await app.http.request('POST', path, { body });
        expect({ status: reply.status, param: reply.json.error.param }).toEqual({ status: 422, param });
      }
      const longSearch = await app.http.request('GET', `/api/v1/products?search=${'x'.repeat(41)}`);
      expect({ status: longSearch.status, param: longSearch.json.error.param }).toEqual({ status: 422, param: 'search' });
    });
  });

  describe('paths', () => {
    it('a malformed percent-escape in a path is 404 route_not_found, not a 500', async () => {
      for (const path of ['/api/v1/quotes/%ZZ', '/api/v1/products/%', '/api/v1/quotes/%ED%A0%80/items/0/preview.svg']) {
        const reply = await app.http.request('GET', path);
        expectError(reply, 404, 'not_found_error', 'route_not_found');
        expect(reply.text).not.toMatch(LEAK);
      }
    });
  });

  describe('ids', () => {
    it('ids come from the CSPRNG: 22 base62 characters (130.9 bits), no repeats, every character used', () => {
      expect(ID_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(128);
      const ids = Array.from({ length: 20_000 }, () => newId('h'));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => isWellFormedId(id, 'h'))).toBe(true);
      const counts = new Map<string, number>();
      for (const id of ids) for (const c of id.slice(2)) counts.set(c, (counts.get(c) ?? 0) + 1);
      expect(counts.size).toBe(62);
      // 440,000 characters over 62 symbols: each near 7,097; a biased generator would miss by far more than 15%.
      for (const count of counts.values()) expect(Math.abs(count - 440_000 / 62) / (440_000 / 62)).toBeLessThan(0.15);
    });

    it('1,000 guessed well-formed quote ids all miss', async () => {
      await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate()] } });
      const statuses = new Map<string, number>();
      for (let batch = 0; batch < 50; batch += 1) {
        const replies = await Promise.all(Array.from({ length: 20 }, () => app.http.request('GET', `/api/v1/quotes/${newId('q')}`)));
        for (const reply of replies) statuses.set(`${reply.status} ${reply.json.error?.code}`, (statuses.get(`${reply.status} ${reply.json.error?.code}`) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ '404 quote_not_found': 1_000 });
    }, 30_000);
  });

  describe('labels cannot inject markup', () => {
    it('a label with markup is dropped with label_dropped; a plain label is kept as sent; the drawing never carries either', async () => {
      const hostile = ['<script>alert(1)</script>', '"><svg onload=alert(1)>', "x' onmouseover='alert(1)", 'javascript:alert(1)', '&lt;b&gt;'];
      const items = [...hostile.map((label) => typicalPlate({ label, quantity_options: [] })), typicalPlate({ label: `Shop "A" 'B' (C) / #1`, quantity_options: [] })];
      const reply = await app.http.request('POST', '/api/v1/quotes', { body: { items } });
      expect(reply.status).toBe(201);
      for (const [i] of hostile.entries()) {
        expect(reply.json.items[i].label).toBeNull();
        expect(reply.json.items[i].issues.map((issue: { code: string }) => issue.code)).toContain('label_dropped');
      }
      expect(reply.json.items[hostile.length].label).toBe(`Shop "A" 'B' (C) / #1`);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      for (let i = 0; i < items.length; i += 1) {
        const svg = await app.http.request('GET', `/api/v1/quotes/${reply.json.id}/items/${i}/preview.svg`);
        expect(svg.status).toBe(200);
        expect(svg.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
        expect(svg.text).not.toMatch(/<script|onload|onmouseover|javascript:|Shop &quot;A|Shop "A|<foreignObject/i);
      }
    });
  });

  describe('headers', () => {
    it('CORS allows any origin without credentials and exposes X-Request-Id, Retry-After and Idempotent-Replayed', async () => {
      const preflight = await app.http.request('OPTIONS', '/api/v1/quotes', {
        headers: { origin: 'https://tools.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type,Idempotency-Key');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
      const simple = await app.http.request('GET', '/api/v1/materials', { headers: { origin: 'https://tools.example', cookie: 'session=1' } });
      expect(simple.headers.get('access-control-allow-origin')).toBe('*');
      expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
      expect(simple.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After,Idempotent-Replayed');
      expect(simple.headers.get('set-cookie')).toBeNull();
    });

    it('every API answer, errors included, carries the security headers', async () => {
      for (const [method, path] of [['GET', '/api/v1/status'], ['GET', '/api/v1/nothing'], ['DELETE', '/api/v1/quotes'], ['POST', '/api/v1/quotes']]) {
        const reply = await app.http.request(method!, path!, method === 'POST' ? { raw: '{', headers: JSON_TYPE } : {});
        expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
        expect(reply.headers.get('x-frame-options')).toBe('DENY');
        expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
        expect(reply.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(reply.headers.get('x-powered-by')).toBeNull();
      }
    });
  });
});
