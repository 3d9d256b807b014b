import { Webhook } from 'standardwebhooks';
import { closedPort, startWebhookReceiver } from './test-servers';
import type { Answer, ReceivedWebhook, WebhookReceiver } from './test-servers';
import { classifyHttpStatus, createWebhookSecret, isWebhookSecret, sendWebhook, signWebhook } from './webhook';

const secret = createWebhookSecret();
const body = JSON.stringify({
  type: 'price_book.published',
  timestamp: '2026-11-27T12:00:00.000Z',
  data: { version: '2026-11-27.2', in_force_from: '2026-11-28T05:00:00.000Z' },
});
const message = { id: 'ob_01JDXK7Q3M8Y2V', body };

let receivers: WebhookReceiver[] = [];
async function receiver(answer: (request: ReceivedWebhook, count: number) => Answer, host?: string): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(secret, answer, host);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

describe('webhook secrets', () => {
  it('are whsec_ and base64 of 32 random bytes, different each time', () => {
    const a = createWebhookSecret();
    const b = createWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isWebhookSecret(a)).toBe(true);
  });

  it('are refused without the prefix, with bad base64, or too short', () => {
    const base64 = secret.slice('whsec_'.length);
    expect(isWebhookSecret(base64)).toBe(false);
    expect(isWebhookSecret(`whsec_${base64.slice(1)}`)).toBe(false);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(16, 7).toString('base64')}`)).toBe(false);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(24, 7).toString('base64')}`)).toBe(true);
  });
});

describe('signWebhook', () => {
  it('gives headers that standardwebhooks verifies, and that fail for another body or secret', () => {
    const headers = signWebhook(secret, message, new Date());
    expect(headers['webhook-id']).toBe(message.id);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('2026-11-27.2', '2026-11-27.3'), headers)).toThrow('No matching signature found');
    expect(() => new Webhook(createWebhookSecret()).verify(body, headers)).toThrow('No matching signature found');
  });

  it('signs the time given, in whole seconds', () => {
    const headers = signWebhook(secret, message, new Date('2026-11-27T12:00:05.900Z'));
    expect(headers['webhook-timestamp']).toBe(String(Date.UTC(2026, 10, 27, 12, 0, 5) / 1000));
  });
});

describe('classifyHttpStatus', () => {
  it.each([
    [200, 'ok'],
    [202, 'ok'],
    [204, 'ok'],
    [400, 'dead'],
    [401, 'dead'],
    [404, 'dead'],
    [408, 'retry'],
    [410, 'dead'],
    [422, 'dead'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
  ] as const)('%i is %s', (status, outcome) => {
    expect(classifyHttpStatus(status)).toBe(outcome);
  });
});

describe('sendWebhook against a real endpoint', () => {
  it('delivers a body the endpoint verifies on a 2xx, with the answer recorded', async () => {
    const endpoint = await receiver(() => ({ status: 200, body: 'thanks' }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message);
    expect(result).toMatchObject({ outcome: 'ok', status: 200, error: null, response: 'thanks' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(endpoint.received).toHaveLength(1);
    const [got] = endpoint.received;
    expect(got?.verified).toEqual({ ok: true, payload: JSON.parse(body) });
    expect(got?.body).toBe(body);
    expect(got?.headers['webhook-id']).toBe(message.id);
    expect(got?.headers['content-type']).toBe('application/json');
  });

  it('asks for a retry on a 500, keeping the start of the answer', async () => {
    const endpoint = await receiver(() => ({ status: 500, body: 'database is down' }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message);
    expect(result).toMatchObject({ outcome: 'retry', status: 500, error: 'The endpoint answered 500.', response: 'database is down' });
  });

  it('gives up on a 410 Gone', async () => {
    const endpoint = await receiver(() => ({ status: 410, body: 'this hook was removed' }));
    expect(await sendWebhook({ url: endpoint.url, secret }, message)).toMatchObject({ outcome: 'dead', status: 410 });
  });

  it('retries a 429 Too Many Requests', async () => {
    const endpoint = await receiver(() => ({ status: 429, headers: { 'retry-after': '30' } }));
    expect(await sendWebhook({ url: endpoint.url, secret }, message)).toMatchObject({ outcome: 'retry', status: 429, response: '' });
  });

  it('stops waiting for an endpoint that never answers at the timeout given, and asks for a retry', async () => {
    const endpoint = await receiver(() => 'hang');
    const result = await sendWebhook({ url: endpoint.url, secret }, message, { timeoutMs: 150 });
    expect(result).toMatchObject({ outcome: 'retry', status: null, error: 'The endpoint did not answer within 150 ms.', response: null });
    expect(endpoint.received).toHaveLength(1);
  });

  it('retries when nothing listens (connection refused)', async () => {
    const port = await closedPort();
    const result = await sendWebhook({ url: `http://127.0.0.1:${port}/hooks`, secret }, message);
    expect(result).toMatchObject({ outcome: 'retry', status: null, error: 'Could not reach the endpoint: ECONNREFUSED.' });
  });

  it('keeps at most 500 bytes of the answer, never half a character', async () => {
    const ascii = await receiver(() => ({ status: 503, body: 'x'.repeat(5000) }));
    expect((await sendWebhook({ url: ascii.url, secret }, message)).response).toBe('x'.repeat(500));
    // 'é' is two bytes: 250 fit; a three-byte '€' after 499 bytes would not.
    const accents = await receiver(() => ({ status: 200, body: 'é'.repeat(1000) }));
    expect((await sendWebhook({ url: accents.url, secret }, message)).response).toBe('é'.repeat(250));
    const euro = await receiver(() => ({ status: 200, body: `${'a'.repeat(499)}€€` }));
    expect((await sendWebhook({ url: euro.url, secret }, message)).response).toBe('a'.repeat(499));
  });

  it('refuses a URL that is not http or https without sending anything', async () => {
    for (const url of ['ftp://127.0.0.1/hooks', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(await sendWebhook({ url, secret }, message)).toMatchObject({ outcome: 'dead', status: null, error: expect.stringContaining('must be http or https') });
    }
    expect(await sendWebhook({ url: 'not a url', secret }, message)).toMatchObject({ outcome: 'dead', error: 'The endpoint URL is not a valid URL.' });
  });

  it('refuses a secret that is not whsec_ and base64', async () => {
    const endpoint = await receiver(() => ({ status: 200 }));
    expect(await sendWebhook({ url: endpoint.url, secret: 'hunter2' }, message)).toMatchObject({ outcome: 'dead' });
    expect(endpoint.received).toHaveLength(0);
  });

  it('follows a 308 on the same host and delivers there, signature intact', async () => {
    const endpoint = await receiver((request) =>
      request.path === '/hooks' ? { status: 308, headers: { location: '/hooks/v2' } } : { status: 202, body: 'accepted' },
    );
    const result = await sendWebhook({ url: endpoint.url, secret }, message);
    expect(result).toMatchObject({ outcome: 'ok', status: 202, response: 'accepted' });
    expect(endpoint.received.map((r) => [r.path, r.verified.ok])).toEqual([
      ['/hooks', true],
      ['/hooks/v2', true],
    ]);
  });

  it('never follows a redirect to another host', async () => {
    const elsewhere = await receiver(() => ({ status: 200 }), 'localhost');
    const endpoint = await receiver(() => ({ status: 307, headers: { location: elsewhere.url } }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message);
    expect(result).toMatchObject({ outcome: 'dead', status: 307, error: expect.stringContaining(`redirects to another host (${elsewhere.origin})`) });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('does not turn the POST into a GET on a 302, and says where the endpoint moved', async () => {
    const endpoint = await receiver(() => ({ status: 302, headers: { location: '/moved' } }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message);
    expect(result).toMatchObject({ outcome: 'dead', status: 302, error: `The endpoint answered 302; only 307 and 308 keep the POST, so set the endpoint to ${endpoint.origin}/moved.` });
    expect(endpoint.received).toHaveLength(1);
  });

  it('stops after a bounded number of same-host redirects', async () => {
    const endpoint = await receiver((_request, count) => ({ status: 307, headers: { location: `/hooks/${count}` } }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message, { maxRedirects: 2 });
    expect(result).toMatchObject({ outcome: 'dead', status: 307, error: 'The endpoint redirected more than 2 times.' });
    expect(endpoint.received).toHaveLength(3);
  });
});
