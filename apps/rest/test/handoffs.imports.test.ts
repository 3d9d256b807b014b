// An order link is never issued over a quote whose imported drawing is gone: every page of the link
// would read it and answer 500, so the handoff is refused first (409 quote_not_ready, naming it).
import Database from 'better-sqlite3';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { bracketDxf } from './fixtures';
import { expectError } from './harness';

describe('handoffs of quotes naming imported drawings', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function quoteOfImport(): Promise<{ quoteId: string; importId: string }> {
    const imported = await app.http.request('POST', '/api/v1/plate-imports?units=mm', { raw: bracketDxf(), headers: { 'content-type': 'application/dxf' } });
    expect(imported.status).toBe(201);
    const quote = await app.http.request('POST', '/api/v1/quotes', {
      body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, quantity: 10, import_id: imported.json.id }] },
    });
    expect([quote.status, quote.json.status]).toEqual([201, 'ready']);
    return { quoteId: quote.json.id, importId: imported.json.id };
  }

  it('issues the link while the import is kept', async () => {
    const { quoteId } = await quoteOfImport();
    const reply = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quoteId] } });
    expect(reply.status).toBe(201);
    expect((await app.http.request('GET', new URL(reply.json.url).pathname)).status).toBe(200);
  });

  it('refuses the link with 409 quote_not_ready naming the import when its row is gone, and keeps no link', async () => {
    const { quoteId, importId } = await quoteOfImport();
    const db = new Database(app.databaseUrl.slice('file:'.length));
    try {
      expect(db.prepare('DELETE FROM plate_imports WHERE id = ?').run(importId).changes).toBe(1);
      const before = (db.prepare('SELECT COUNT(*) AS n FROM handoffs').get() as { n: number }).n;
      const reply = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quoteId] } });
      expectError(reply, 409, 'conflict_error', 'quote_not_ready');
      expect(reply.json.error).toMatchObject({ param: 'quote_ids[0]', details: { import_id: importId } });
      expect(reply.json.error.message).toContain(`names an imported drawing (${importId}) that is no longer kept`);
      expect((db.prepare('SELECT COUNT(*) AS n FROM handoffs').get() as { n: number }).n).toBe(before);
    } finally {
      db.close();
    }
  });
});
