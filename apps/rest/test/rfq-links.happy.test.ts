import { RfqLink } from '@shop/contracts';
import { START, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';

describe('quote-request links', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (body: unknown) => app.http.request('POST', '/api/v1/rfq-links', { body });

  it('makes a link that works for 30 days', async () => {
    const reply = await post({ description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall. 12 needed.', material: 'A36', thickness_in: 0.375, quantity: 12 });
    expect(reply.status).toBe(201);
    const link = RfqLink.parse(reply.json);
    expect(link.id).toMatch(/^rfq_[0-9A-Za-z]{22}$/);
    expect(link.url).toBe(`http://quotes.test/r/${link.id}`);
    expect(Date.parse(link.expires_at) - Date.parse(START)).toBe(30 * 86_400_000);
  });
});
