// The staff console under faults, as real processes: the REST app and the console on one SQLite
// file, an owner added with `staff:add`, signed in over HTTP. Each check is one finding with its
// figures; the notifications' faults are in console-outbox.ts.
import { PRICE_BOOK_JSON } from '@shop/catalog';
import Database from 'better-sqlite3';
import type { ConsoleBrowser } from './console-client';
import { runOutboxChecks } from './console-outbox';
import { startShop } from './console-shop';
import { check } from './load';
import type { Finding } from './load';
import { sleep } from './processes';

/** The bundled price book with a new version and every laser hour 10% dearer. */
function nextBook(step: number): { version: string; text: string } {
  const book = structuredClone(PRICE_BOOK_JSON) as Record<string, any>;
  const [date, serial] = String(book.version).split('.') as [string, string];
  book.version = `${date}.${Number(serial) + step}`;
  book.shop.laserCentsPerHour = Math.round(book.shop.laserCentsPerHour * 1.1);
  return { version: book.version as string, text: JSON.stringify(book) };
}

/** The price book a new quote is priced by on the REST app. */
async function quotedBook(restUrl: string): Promise<string> {
  const reply = await fetch(`${restUrl}/api/v1/quotes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
    body: JSON.stringify({ items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 }, quantity: 2 }] }),
  });
  const body = (await reply.json()) as { price_book?: string };
  if (reply.status !== 201 || !body.price_book) throw new Error(`POST /quotes answered ${reply.status}`);
  return body.price_book;
}

/** An owner uploads a book through the console's multipart form. */
export async function uploadBook(owner: ConsoleBrowser, text: string): Promise<number> {
  const csrf = await owner.csrf('/price-book');
  const boundary = '----reliability-boundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = `${part('_csrf', csrf)}${part('note', 'reliability')}${part('book_text', text)}--${boundary}--\r\n`;
  const reply = await owner.request('POST', '/price-book', body, { origin: owner.baseUrl, 'content-type': `multipart/form-data; boundary=${boundary}` });
  return reply.status;
}

interface VersionRow {
  published_at: string | null;
  effective_from: string | null;
}

async function databaseLockedDuringPublish(): Promise<Finding> {
  const shop = await startShop();
  const problems: string[] = [];
  try {
    const { version, text } = nextBook(1);
    check((await uploadBook(shop.owner, text)) === 303, problems, 'upload of the next book refused');
    const before = await quotedBook(shop.rest.baseUrl);
    const db = new Database(shop.file);
    db.pragma('busy_timeout = 5000');
    const count = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n;
    const auditBefore = count('SELECT count(*) AS n FROM audit_log');
    const hasOutbox = count("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'outbox'") === 1;
    const outboxBefore = hasOutbox ? count('SELECT count(*) AS n FROM outbox') : 0;
    const csrf = await shop.owner.csrf(`/price-book/${version}`);

    // Another process (this script) takes the write lock and holds it past the console's 2-second wait.
    const holdMs = 5_000;
    db.exec('BEGIN IMMEDIATE');
    db.prepare("UPDATE price_book_versions SET note = 'held by another process' WHERE version = ?").run(version);
    const lockedAt = performance.now();
    const busy = await shop.owner.post(`/price-book/${version}/publish`, { _csrf: csrf, when: 'now', note: 'under the lock' });
    const page = await shop.owner.get('/price-book');
    await sleep(Math.max(0, holdMs - (performance.now() - lockedAt)));
    db.exec('ROLLBACK');

    check(busy.status === 503, problems, `publish under the lock answered ${busy.status}`);
    check(busy.text.includes('Database busy: nothing was published'), problems, 'the busy page does not say nothing was published');
    check(!/SQLITE|database is locked|\bat [\w.]+ \(/.test(busy.text), problems, 'the busy page shows the database error or a stack');
    check(page.status === 200, problems, `GET /price-book answered ${page.status} under the lock`);
    const row = db.prepare('SELECT published_at, effective_from FROM price_book_versions WHERE version = ?').get(version) as VersionRow;
    check(row.published_at === null && row.effective_from === null, problems, `the version was half-published: ${JSON.stringify(row)}`);
    const auditDuring = count('SELECT count(*) AS n FROM audit_log') - auditBefore;
    check(auditDuring === 0, problems, `${auditDuring} audit rows written by the refused publish`);
    const outboxDuring = hasOutbox ? count('SELECT count(*) AS n FROM outbox') - outboxBefore : 0;
    check(outboxDuring === 0, problems, `${outboxDuring} outbox rows written by the refused publish`);
    await sleep(1_100);
    const during = await quotedBook(shop.rest.baseUrl);
    check(during === before, problems, `REST priced by ${during} after the refused publish (was ${before})`);

    const again = await shop.owner.post(`/price-book/${version}/publish`, { _csrf: await shop.owner.csrf(`/price-book/${version}`), when: 'now' });
    check(again.status === 303, problems, `publish after the lock answered ${again.status}`);
    const published = db.prepare('SELECT published_at, effective_from FROM price_book_versions WHERE version = ?').get(version) as VersionRow;
    check(published.published_at !== null, problems, 'not published once the lock was gone');
    const audited = count("SELECT count(*) AS n FROM audit_log WHERE action = 'price_book_published' AND subject = ?", `price-book/${version}`);
    check(audited === 1, problems, `${audited} price_book_published audit rows after the publish`);
    const events = hasOutbox ? count("SELECT count(*) AS n FROM outbox WHERE event_type = 'price_book.published'") : null;
    await sleep(1_100);
    const after = await quotedBook(shop.rest.baseUrl);
    check(after === version, problems, `REST priced by ${after} a second after the publish, not ${version}`);
    db.close();
    check(shop.console.child.exitCode === null, problems, 'the console died');
    return {
      test: 'console: SQLite write lock held by another process during a publish',
      ok: problems.length === 0,
      load: 'one owner publishing a price book version; the REST app beside it pricing quotes',
      faults: `BEGIN IMMEDIATE and an UPDATE held ${holdMs / 1000} s by another process`,
      result: problems.length
        ? problems.join('; ')
        : `publish under the lock: ${busy.status} "Database busy: nothing was published" after ${Math.round(busy.ms)} ms (the 2 s lock wait); /price-book read ${page.status} in ${Math.round(page.ms)} ms meanwhile; version unpublished, ${auditDuring} audit rows, ${outboxDuring} outbox rows, REST still on ${during}; after release the same form published (303), 1 audit row${events === null ? '' : `, ${events} price_book.published outbox row(s) (one per endpoint subscribed)`}, REST on ${after} within 1.1 s`,
      details: { busyMs: busy.ms, priceBookPageMs: page.ms, version, before, after, outboxRows: events },
    };
  } finally {
    await shop.stop();
  }
}

export async function runConsoleChecks(): Promise<Finding[]> {
  return [await databaseLockedDuringPublish(), ...(await runOutboxChecks())];
}
