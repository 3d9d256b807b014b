import { StorageUnavailable } from '@shop/storage';
import { ServiceError } from '@shop/contracts';
import express from 'express';
import { ApiRouter } from '../src/http/api-router';
import { handleError } from '../src/http/errors';
import { assignRequestId } from '../src/http/request-id';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { expectError, startHarness } from './harness';
import type { Harness } from './harness';

describe('every failure answers the error envelope', () => {
  let app: TestApp;
  let http: Harness;

  beforeAll(async () => {
    app = await startTestApp();
    http = app.http;
  });
  afterAll(() => app.close());

  it.each([
    ['GET', '/api/v1/status?verbose=1'],
    ['GET', '/api/v1/quotes/q_0000000000000000000000?x=1'],
    ['GET', '/api/v1/products/round-bale-feeder?tier=kit'],
    ['GET', '/api/v1/openapi.json?format=yaml'],
    ['POST', '/api/v1/handoffs?x=1'],
  ])('%s %s: a query parameter on a route that takes none is 422 parameter_unknown naming it', async (method, path) => {
    const reply = await http.request(method, path, method === 'POST' ? { body: { quote_ids: ['q_x'] } } : {});
    expectError(reply, 422, 'invalid_request_error', 'parameter_unknown');
    const name = new URL(path, 'http://x').searchParams.keys().next().value;
    expect(reply.json.error.param).toBe(name);
    expect(reply.json.error.message).toBe(`${name} is not a query parameter of this route; it takes none: remove it.`);
  });

  it('an unknown query parameter of a list route is 422 parameter_unknown too', async () => {
    const reply = await http.request('GET', '/api/v1/products?colour=red');
    expectError(reply, 422, 'invalid_request_error', 'parameter_unknown');
    expect(reply.json.error.param).toBe('colour');
  });

  it('an unknown route is 404 route_not_found', async () => {
    expectError(await http.request('GET', '/api/v1/nothing-here'), 404, 'not_found_error', 'route_not_found');
    expectError(await http.request('GET', '/elsewhere'), 404, 'not_found_error', 'route_not_found');
  });

  it('a known path with another method is 405 method_not_allowed with Allow', async () => {
    const reply = await http.request('DELETE', '/api/v1/status');
    expectError(reply, 405, 'invalid_request_error', 'method_not_allowed');
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
  });

  it('status is 503 storage_unavailable while the database cannot be reached', async () => {
    const health = app.runtime.storage.health;
    app.runtime.storage.health = async () => {
      throw new StorageUnavailable('The database could not take a write: database is locked');
    };
    try {
      const reply = await http.request('GET', '/api/v1/status');
      expectError(reply, 503, 'api_error', 'storage_unavailable');
      expect(reply.json.error.retryable).toBe(true);
    } finally {
      app.runtime.storage.health = health;
    }
    expect((await http.request('GET', '/api/v1/status')).status).toBe(200);
  });

  it('every answer carries its own X-Request-Id', async () => {
    const a = await http.request('GET', '/api/v1/status', { headers: { 'x-request-id': 'mine' } });
    const b = await http.request('GET', '/api/v1/status');
    expect(a.headers.get('x-request-id')).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('a JSON route of the API router', () => {
  let http: Harness;

  beforeAll(async () => {
    const api = new ApiRouter([
      { method: 'post', path: '/echo', query: null },
      { method: 'get', path: '/boom', query: null },
    ])
      .post('/echo', (req, res) => {
        if (req.body?.fail) throw new ServiceError('parameter_invalid', 'fail is set', { param: 'fail' });
        res.status(201).json(req.body ?? null);
      })
      .get('/boom', async () => {
        throw new Error('boom at /work/secret/file.ts:12');
      });
    const app = express();
    app.use(assignRequestId);
    app.use('/api/v1', api.finish());
    app.use(handleError);
    http = await startHarness(app);
  });
  afterAll(() => http.close());

  it('echoes a valid JSON body', async () => {
    const reply = await http.request('POST', '/api/v1/echo', { body: { a: 1 } });
    expect(reply.status).toBe(201);
    expect(reply.json).toEqual({ a: 1 });
  });

  it('malformed JSON is 400 invalid_json', async () => {
    const reply = await http.request('POST', '/api/v1/echo', { raw: '{"a": 1,', headers: { 'content-type': 'application/json' } });
    expectError(reply, 400, 'invalid_request_error', 'invalid_json');
  });

  it('a body over 256 KiB is 413 body_too_large', async () => {
    const raw = JSON.stringify({ pad: 'x'.repeat(256 * 1024) });
    const reply = await http.request('POST', '/api/v1/echo', { raw, headers: { 'content-type': 'application/json' } });
    expectError(reply, 413, 'invalid_request_error', 'body_too_large');
  });

  it('a body just under 256 KiB is read', async () => {
    const raw = JSON.stringify({ pad: 'x'.repeat(256 * 1024 - 20) });
    const reply = await http.request('POST', '/api/v1/echo', { raw, headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(201);
  });

  it('a body that is not JSON is 415 unsupported_media_type', async () => {
    const reply = await http.request('POST', '/api/v1/echo', { raw: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(reply, 415, 'invalid_request_error', 'unsupported_media_type');
    expectError(await http.request('POST', '/api/v1/echo', { raw: '{}' }), 415, 'invalid_request_error', 'unsupported_media_type');
  });

  it('a ServiceError keeps its status, code and param', async () => {
    const reply = await http.request('POST', '/api/v1/echo', { body: { fail: true } });
    expectError(reply, 422, 'invalid_request_error', 'parameter_invalid');
    expect(reply.json.error.param).toBe('fail');
  });

  it('a thrown error is 500 internal_error without a stack or a path', async () => {
    const reply = await http.request('GET', '/api/v1/boom');
    expectError(reply, 500, 'api_error', 'internal_error');
    expect(reply.text).not.toContain('boom');
    expect(reply.text).not.toContain('/work');
    expect(reply.json.error.retryable).toBe(false);
  });

  it('GET on a POST route is 405', async () => {
    const reply = await http.request('GET', '/api/v1/echo');
    expectError(reply, 405, 'invalid_request_error', 'method_not_allowed');
    expect(reply.headers.get('allow')).toBe('POST');
  });
});
