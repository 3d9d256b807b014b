// The inbox past one page: 50 leads a page with a link to older ones, a request's page found by id
// however many came after it, and the CSV export holding the whole list (its cap stated when reached).
import { exportLeads } from '../src/inbox';
import { leadsCsv } from '../src/inbox-csv';
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const QUOTES = 520;

describe('the inbox past one page', () => {
  let app: ConsoleTestApp;
  let sam: Browser;

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('sam@example.com', 'staff');
    // The oldest first, then QUOTES - 1 newer ones, a minute apart (written together: one group commit).
    await Promise.all(
      Array.from({ length: QUOTES }, (_, i) => {
        const id = `rs_${String(i).padStart(4, '0')}`;
        const body = { object: 'rfq_submission', id, rfq_link_id: 'rl_1', name: i === 0 ? 'Oldest Lead' : `Lead ${i}`, email: `lead${i}@example.com`, description: i % 2 ? 'odd job' : 'even job' };
        return app.opened.inbox.quotes.insert({ id, rfqLinkId: 'rl_1', createdAt: new Date(START.getTime() - (QUOTES - i) * 60_000), idempotencyKey: `k${i}`, body: JSON.stringify(body), schemaVersion: 1 });
      }),
    );
    sam = app.browser();
    await sam.signIn('sam@example.com');
  });

  afterAll(() => app.close());

  const rowIds = (text: string) => [...text.matchAll(/<a href="\/inbox\/quote\/([^"]+)">/g)].map((match) => match[1]);
  const olderLink = (text: string) => /<a href="(\/inbox\?[^"]*before=[^"]+)">Older requests<\/a>/.exec(text)?.[1]?.replaceAll('&amp;', '&');

  it('shows 50 a page, newest first, and walks to the oldest through "Older requests"', async () => {
    const seen: string[] = [];
    let link: string | undefined = '/inbox';
    let pages = 0;
    while (link) {
      const page = await sam.get(link);
      expect(page.status).toBe(200);
      const ids = rowIds(page.text);
      expect(ids.length).toBe(link === '/inbox' || olderLink(page.text) ? 50 : QUOTES % 50);
      seen.push(...(ids as string[]));
      link = olderLink(page.text);
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(QUOTES / 50));
    expect(seen).toEqual(Array.from({ length: QUOTES }, (_, i) => `rs_${String(QUOTES - 1 - i).padStart(4, '0')}`));
  });

  it('keeps the filters in the older page\'s link', async () => {
    const first = await sam.get('/inbox?q=odd');
    const link = olderLink(first.text);
    expect(link).toMatch(/^\/inbox\?q=odd&before=/);
    const second = await sam.get(link!);
    expect(rowIds(second.text).every((id) => Number(id!.slice(3)) % 2 === 1)).toBe(true);
    expect(rowIds(second.text)[0]).toBe(`rs_${String(QUOTES - 1 - 100).padStart(4, '0')}`);
  });

  it('opens a quote request older than 500 newer ones by its id', async () => {
    const page = await sam.get('/inbox/quote/rs_0000');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Quote request from Oldest Lead');
    expect((await sam.get('/inbox/quote/rs_none')).status).toBe(404);
  });

  it('exports the whole list as CSV, past 500 rows, without a cap line', async () => {
    const reply = await sam.get('/inbox.csv');
    const lines = reply.text.split('\r\n').filter(Boolean);
    expect(lines.length).toBe(QUOTES + 1);
    expect(lines[lines.length - 1]).toMatch(/^quote,rs_0000,/);
  });

  it('stops an export at its cap and says so in its last line', async () => {
    const deps = { ...app.opened.inbox, audit: app.opened.audit, now: app.now };
    const capped = await exportLeads(deps, { state: null, search: '', assigneeId: null }, 120);
    expect(capped.leads.length).toBe(120);
    expect(capped.more).toBe(true);
    const text = leadsCsv(capped.leads, new Map(), 'http://console.test', 120);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines.length).toBe(122);
    expect(lines[121]).toBe('# stopped at 120 rows: more requests match; narrow the filter to export the rest');
    const whole = await exportLeads(deps, { state: null, search: '', assigneeId: null }, QUOTES);
    expect([whole.leads.length, whole.more]).toEqual([QUOTES, false]);
  });
});
