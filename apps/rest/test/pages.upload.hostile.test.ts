// The audits' hostile drawings sent through the upload page as a browser sends them: each gets a page
// (the part's quoter, or the form again saying what is wrong), and the app keeps serving.
import { HOSTILE_DRAWINGS } from '../../../packages/drawings/src/test-hostile-drawings';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { readText } from './page-helpers';

// The first drawing starts a process of the pool, from the TypeScript sources here: seconds on a busy machine.
jest.setTimeout(30_000);

const BOUNDARY = '----shopHostileBoundary7MA4YWxkTrZu0gW';

describe('hostile drawings through the upload page', () => {
  let app: TestApp;
  let cookie = '';
  let formToken = '';

  beforeAll(async () => {
    app = await startTestApp();
    const page = await app.http.request('GET', '/plate/new');
    cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    formToken = /name="form_token" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  });
  afterAll(() => app.close());

  it.each(HOSTILE_DRAWINGS.map((h) => [h.name, h] as const))('%s: a page that says what happened, and the app stays up', async (_name, hostile) => {
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="form_token"\r\n\r\n${formToken}\r\n`),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="drawing"; filename="hostile.dxf"\r\nContent-Type: application/dxf\r\n\r\n`),
      Buffer.from(hostile.text),
      Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="units"\r\n\r\n\r\n--${BOUNDARY}--\r\n`),
    ]);
    const reply = await app.http.request('POST', '/plate/new', {
      raw: body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'sec-fetch-site': 'same-origin', cookie },
      redirect: 'manual',
    });
    if (hostile.expected === 'ok') {
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toMatch(/^\/plate\/new\/pi_[A-Za-z0-9]{22}$/);
    } else {
      expect(reply.status).toBe(422);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      // The form again, with the refusal in words (never a stack or a raw code alone).
      expect(readText(reply.text)).toMatch(/drawing/i);
      expect(reply.text).not.toMatch(/at [\w.]+ \(|Error:/);
    }
    expect((await app.http.request('GET', '/api/v1/status')).status).toBe(200);
  });
});
