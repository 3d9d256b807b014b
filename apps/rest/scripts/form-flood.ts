// Measures the public forms under a flood from one address, against the REST app at its real rate
// limits (RATE_LIMIT_SCALE 1), and the shop's e-mails for an hour of requests through @shop/notify's
// delivery with and without the hourly digest (a real SMTP server in the process). One JSON line.
//   tsx --conditions=@shop/source apps/rest/scripts/form-flood.ts [tries=30] [requestsInAnHour=200] [digestAfter=30]
import { createMailDigest, createMailer, deliver, rfqSubmissionCreated } from '../../../packages/notify/src/index';
import type { DeliverDeps, OutboxRow } from '../../../packages/notify/src/index';
import { startSmtpServer } from '../../../packages/notify/src/test-servers';
import { startTestApp } from '../test/app-harness';
import { makeRfqLink, openRfqForm, postForm } from '../test/page-helpers';

const tries = Number(process.argv[2] ?? 30);
const requestsInAnHour = Number(process.argv[3] ?? 200);
const digestAfter = Number(process.argv[4] ?? 30);
const JOB = { description: 'Gate hinge plates, 3/8 in, four holes each.', material: null, thickness_in: null, quantity: 4 };
const PERSON = { name: 'Flood Script', email: 'flood@example.com', phone: '', company: '' };

function tally(statuses: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const fields = (formToken: string) => ({ form_token: formToken, description: JOB.description, material: '', thickness_in: '', quantity: '4', ...PERSON });

/** One phase on an app of its own (its own database and counts): the address starts fresh. */
async function phase(run: (app: Awaited<ReturnType<typeof startTestApp>>) => Promise<number[]>): Promise<{ posts: number; answers: Record<string, number>; kept: number }> {
  const app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  try {
    const statuses = await run(app);
    const kept = (await app.runtime.storage.rfqSubmissions.list({ limit: 10_000 })).length;
    return { posts: statuses.length, answers: tally(statuses), kept };
  } finally {
    await app.close();
  }
}

async function forms(): Promise<Record<string, unknown>> {
  // As a script did before: one page load, then a one-time value of its own choosing for each post.
  const madeUp = await phase(async (app) => {
    const { path } = await makeRfqLink(app, JOB);
    const form = await openRfqForm(app, path);
    const cookieToken = form.cookie.split('=')[1] as string;
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) statuses.push((await postForm(app, path, fields(`${String(i).padStart(43, 'n')}.${cookieToken}`), { cookie: form.cookie })).status);
    return statuses;
  });
  // A page load for every post, to one link.
  const oneLink = await phase(async (app) => {
    const { path } = await makeRfqLink(app, JOB);
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) {
      const page = await openRfqForm(app, path);
      statuses.push((await postForm(app, path, fields(page.formToken), { cookie: page.cookie })).status);
    }
    return statuses;
  });
  // A new link (POST /rfq-links, the same address's limit) whenever one is spent, a page load for every post.
  const newLinks = await phase(async (app) => {
    const statuses: number[] = [];
    let path: string | null = null;
    for (let i = 0; i < tries; i++) {
      if (path === null) {
        const made = await app.http.request('POST', '/api/v1/rfq-links', { body: JOB });
        if (made.status !== 201) {
          statuses.push(made.status);
          continue;
        }
        path = new URL(made.json.url).pathname;
      }
      const page = await openRfqForm(app, path);
      const status = (await postForm(app, path, fields(page.formToken), { cookie: page.cookie })).status;
      statuses.push(status);
      if (status === 429) path = null;
    }
    return statuses;
  });
  return { made_up_tokens: madeUp, one_link_with_page_loads: oneLink, new_links_as_spent: newLinks };
}

async function mails(withDigest: boolean): Promise<number> {
  const server = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: server.url, from: 'Shop <quotes@shop.example>' });
  try {
    const start = new Date('2026-12-01T14:00:00.000Z');
    let now = start;
    const deps: DeliverDeps = { mail: { mailer, consoleUrl: 'https://console.shop.example', ...(withDigest ? { digest: createMailDigest(digestAfter) } : {}) }, now: () => now };
    const waiting: Array<{ row: OutboxRow; at: Date }> = [];
    for (let i = 0; i < requestsInAnHour; i++) {
      now = new Date(start.getTime() + Math.floor((i * 3_600_000) / requestsInAnHour));
      const row: OutboxRow = {
        id: `ob_${i}`,
        kind: 'email',
        target: 'estimating@shop.example',
        payload: rfqSubmissionCreated({ id: `sub_${i}`, rfq_link_id: 'rfq_1', description: JOB.description, material: null, thickness_in: null, quantity: 4, name: `Person ${i}` }, now),
        attempts: 0,
      };
      const { attempts, nextAttemptAt } = await deliver(row, deps);
      if (nextAttemptAt !== null) waiting.push({ row: { ...row, attempts }, at: nextAttemptAt });
    }
    for (const { row, at } of waiting) {
      now = at;
      await deliver(row, deps);
    }
    return server.received.length;
  } finally {
    mailer.close();
    await server.close();
  }
}

async function main(): Promise<void> {
  const result = {
    forms: await forms(),
    emails_for_requests_in_an_hour: { requests: requestsInAnHour, digest_after: digestAfter, without_digest: await mails(false), with_digest: await mails(true) },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
