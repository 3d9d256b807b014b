import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { expectError } from './harness';

describe('quote-request links', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (body: unknown) => app.http.request('POST', '/api/v1/rfq-links', { body });

  it.each(['name', 'email', 'phone', 'e_mail', 'company'])('a "%s" key is 422 parameter_unknown', async (key) => {
    const reply = await post({ description: 'Repair a trailer hitch', [key]: 'x' });
    expectError(reply, 422, 'invalid_request_error', 'parameter_unknown');
    expect(reply.json.error.param).toBe(key);
  });

  it.each([
    ['description', { description: 'Call 416 555 0199 for details' }],
    ['description', { description: 'Drawing at https://example.com/part.pdf' }],
    ['description', { description: 'Send the quote to bob at example dot com' }],
    ['material', { description: 'Gate hinges', material: 'see www.steel-shop.ca' }],
    ['description', { description: 'Call ４１６ ５５５ ０１９９ for details' }],
    ['description', { description: 'Send the quote to bob＠example．com' }],
    ['description', { description: 'Call 4 1 6 5 5 5 0 1 9 9 for details' }],
    ['description', { description: 'Call four one six five five five zero one nine nine' }],
    ['description', { description: 'Drawings on acme-steel.works' }],
  ])('contact details in %s are 422 contact_details_not_allowed', async (param, body) => {
    const reply = await post(body);
    expectError(reply, 422, 'invalid_request_error', 'contact_details_not_allowed');
    expect(reply.json.error.param).toBe(param);
  });

  it('takes an ordinary job description full of figures', async () => {
    const reply = await post({ description: '12 pieces 3/8 in, 1 1/2 x 3 1/4 in flat bar cut to 24 36 48 60 72 in, holes at 0.5 1.5 2.5 in. PO 2024-05-12.' });
    expect(reply.status).toBe(201);
  });

  it('bounds the description, thickness and quantity', async () => {
    expectError(await post({ description: '' }), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await post({ description: 'x'.repeat(2001) }), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await post({ description: 'x', thickness_in: 12.5 }), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await post({ description: 'x', quantity: 100_001 }), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await post({}), 422, 'invalid_request_error', 'parameter_missing');
    expect((await post({ description: 'x'.repeat(2000), thickness_in: 12, quantity: 100_000 })).status).toBe(201);
  });
});
