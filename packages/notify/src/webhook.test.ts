import { Webhook } from 'standardwebhooks';
import { closedPort, startWebhookReceiver } from './test-servers';
import type { Answer, ReceivedWebhook, WebhookReceiver } from './test-servers';
import { readWebhookAllowHosts } from './destination';
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
  // The receivers listen on 127.0.0.1, which only an allow-list (WEBHOOK_ALLOW_HOSTS) lets a webhook reach.
  const inside = { allowHosts: readWebhookAllowHosts({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1,localhost' }) };

  it('delivers a body the endpoint verifies on a 2xx, with the answer recorded', async () => {
    const endpoint = await receiver(() => ({ status: 200, body: 'thanks' }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message, inside);
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
    const result = await sendWebhook({ url: endpoint.url, secret }, message, inside);
    expect(result).toMatchObject({ outcome: 'retry', status: 500, error: 'The endpoint answered 500.', response: 'database is down' });
  });

  it('gives up on a 410 Gone', async () => {
    const endpoint = await receiver(() => ({ status: 410, body: 'this hook was removed' }));
    expect(await sendWebhook({ url: endpoint.url, secret }, message, inside)).toMatchObject({ outcome: 'dead', status: 410 });
  });

  it('retries a 429 Too Many Requests', async () => {
    const endpoint = await receiver(() => ({ status: 429, headers: { 'retry-after': '30' } }));
    expect(await sendWebhook({ url: endpoint.url, secret }, message, inside)).toMatchObject({ outcome: 'retry', status: 429, response: '' });
  });

  it('stops waiting for an endpoint that never answers at the timeout given, and asks for a retry', async () => {
    const endpoint = await receiver(() => 'hang');
    const result = await sendWebhook({ url: endpoint.url, secret }, message, { ...inside, timeoutMs: 150 });
    expect(result).toMatchObject({ outcome: 'retry', status: null, error: 'The endpoint did not answer within 150 ms.', response: null });
    expect(endpoint.received).toHaveLength(1);
  });

  it('retries when nothing listens (connection refused)', async () => {
    const port = await closedPort();
    const result = await sendWebhook({ url: `http://127.0.0.1:${port}/hooks`, secret }, message, inside);
    expect(result).toMatchObject({ outcome: 'retry', status: null, error: 'Could not reach the endpoint: ECONNREFUSED.' });
  });

  it('keeps at most 500 bytes of the answer, never half a character', async () => {
    const ascii = await receiver(() => ({ status: 503, body: 'x'.repeat(5000) }));
    expect((await sendWebhook({ url: ascii.url, secret }, message, inside)).response).toBe('x'.repeat(500));
    // 'é' is two bytes: 250 fit; a three-byte '€' after 499 bytes would not.
    const accents = await receiver(() => ({ status: 200, body: 'é'.repeat(1000) }));
    expect((await sendWebhook({ url: accents.url, secret }, message, inside)).response).toBe('é'.repeat(250));
    const euro = await receiver(() => ({ status: 200, body: `${'a'.repeat(499)}€€` }));
    expect((await sendWebhook({ url: euro.url, secret }, message, inside)).response).toBe('a'.repeat(499));
  });

  it('refuses a URL that is not http or https without sending anything', async () => {
    for (const url of ['ftp://127.0.0.1/hooks', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(await sendWebhook({ url, secret }, message, inside)).toMatchObject({ outcome: 'dead', status: null, error: expect.stringContaining('must be http or https') });
    }
    expect(await sendWebhook({ url: 'not a url', secret }, message, inside)).toMatchObject({ outcome: 'dead', error: 'The endpoint URL is not a valid URL.' });
  });

  it('refuses a secret that is not whsec_ and base64', async () => {
    const endpoint = await receiver(() => ({ status: 200 }));
    expect(await sendWebhook({ url: endpoint.url, secret: 'hunter2' }, message, inside)).toMatchObject({ outcome: 'dead' });
    expect(endpoint.received).toHaveLength(0);
  });

  it('never follows a redirect, even a 308 on the same host: the try fails with its status shown', async () => {
    const endpoint = await receiver((request) =>
      request.path === '/hooks' ? { status: 308, headers: { location: '/hooks/v2' } } : { status: 202, body: 'accepted' },
    );
    const result = await sendWebhook({ url: endpoint.url, secret }, message, inside);
    expect(result).toMatchObject({ outcome: 'dead', status: 308, error: 'The endpoint answered 308, a redirect to /hooks/v2; redirects are not followed, so set the endpoint to the address that answers.' });
    expect(endpoint.received.map((r) => r.path)).toEqual(['/hooks']);
  });

  it('never follows a redirect to another host', async () => {
    const elsewhere = await receiver(() => ({ status: 200 }), 'localhost');
    const endpoint = await receiver(() => ({ status: 307, headers: { location: elsewhere.url } }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message, inside);
    expect(result).toMatchObject({ outcome: 'dead', status: 307, error: expect.stringContaining(`a redirect to ${elsewhere.url}; redirects are not followed`) });
    expect(elsewhere.received).toHaveLength(0);
  });

  it('does not turn the POST into a GET on a 302', async () => {
    const endpoint = await receiver(() => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }));
    const result = await sendWebhook({ url: endpoint.url, secret }, message, inside);
    expect(result).toMatchObject({ outcome: 'dead', status: 302 });
    expect(endpoint.received).toHaveLength(1);
  });
});

describe('sendWebhook refuses addresses inside the shop (checked at the try, after DNS)', () => {
  const none = { allowHosts: [] as string[] };

  it('sends nothing to loopback, private, link-local or metadata addresses, nor to a name that resolves to one', async () => {
    const endpoint = await receiver(() => ({ status: 200, body: 'secret answer' }));
    const port = new URL(endpoint.url).port;
    const cases: Array<[string, string]> = [
      [`http://127.0.0.1:${port}/hooks`, '127.0.0.1 is a loopback address'],
      [`http://[::1]:${port}/hooks`, '::1 is a loopback address'],
      [`http://localhost:${port}/hooks`, 'localhost (127.0.0.1) is a loopback address'],
      [`http://0x7f.1:${port}/hooks`, '127.0.0.1 is a loopback address'],
      [`http://[::ffff:127.0.0.1]:${port}/hooks`, '::ffff:7f00:1 is a loopback address'],
      ['http://10.0.0.5/hooks', '10.0.0.5 is a private address'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
      ['http://0.0.0.0:6379/', '0.0.0.0 is the unspecified address'],
      ['http://100.64.1.1/', '100.64.1.1 is a shared (carrier-grade NAT) address'],
    ];
    for (const [url, error] of cases) {
      const result = await sendWebhook({ url, secret }, message, none);
      expect(result).toMatchObject({ outcome: 'dead', status: null, response: null, error: expect.stringContaining(error) });
    }
    expect(endpoint.received).toHaveLength(0);
  });

  it('refuses a name when any one of its answers is inside', async () => {
    const resolve = async () => [{ address: '203.0.113.10', family: 4 }, { address: '192.168.1.20', family: 4 }];
    const result = await sendWebhook({ url: 'https://hooks.partner.test/in', secret }, message, { ...none, resolve });
    expect(result).toMatchObject({ outcome: 'dead', error: expect.stringContaining('hooks.partner.test (192.168.1.20) is a private address') });
  });

  it('sends where WEBHOOK_ALLOW_HOSTS names the host (or host:port), and nowhere else', async () => {
    const endpoint = await receiver(() => ({ status: 204 }));
    const port = new URL(endpoint.url).port;
    expect(await sendWebhook({ url: endpoint.url, secret }, message, { allowHosts: [`127.0.0.1:${port}`] })).toMatchObject({ outcome: 'ok', status: 204 });
    expect(await sendWebhook({ url: endpoint.url, secret }, message, { allowHosts: ['127.0.0.1:1'] })).toMatchObject({ outcome: 'dead', status: null });
    const allowHosts = readWebhookAllowHosts({ WEBHOOK_ALLOW_HOSTS: ' hooks.lan , 127.0.0.1 ' });
    expect(await sendWebhook({ url: endpoint.url, secret }, message, { allowHosts })).toMatchObject({ outcome: 'ok' });
    // Nothing allowed unless named.
    expect(await sendWebhook({ url: endpoint.url, secret }, message)).toMatchObject({ outcome: 'dead', status: null });
    expect(endpoint.received).toHaveLength(2);
  });

  it('connects to the address it checked, never asking DNS again (a rebinding answer is not used)', async () => {
    const endpoint = await receiver(() => ({ status: 202, body: 'pinned' }));
    const port = new URL(endpoint.url).port;
    // The first answer is the checked one; any later lookup would get an address that refuses connections.
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '127.0.0.2', family: 4 }]];
    let lookups = 0;
    const resolve = async () => answers[Math.min(lookups++, 1)]!;
    // hooks.rebind.test exists in no DNS: only the pinned address can reach the receiver.
    const result = await sendWebhook({ url: `http://hooks.rebind.test:${port}/hooks`, secret }, message, { allowHosts: ['hooks.rebind.test'], resolve });
    expect(result).toMatchObject({ outcome: 'ok', status: 202, response: 'pinned' });
    expect(lookups).toBe(1);
    expect(endpoint.received[0]?.headers.host).toBe(`hooks.rebind.test:${port}`);
  });
});
