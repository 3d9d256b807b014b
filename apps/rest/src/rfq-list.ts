// `pnpm rfq:list`: prints the quote requests people sent from their links, newest first, for the
// shop. They are never exposed by the API. `--json` prints one JSON object a line; `--limit N`.
import path from 'node:path';
import type { RfqLinkRequest } from '@shop/contracts';
import type { RfqSubmissionListing } from '@shop/service';
import { startRuntime } from '@shop/runtime';
import { loadConfig } from './config';

function readLimit(args: string[]): number {
  const at = args.indexOf('--limit');
  if (at === -1) return 100;
  const limit = Number(args[at + 1]);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('--limit takes a whole number from 1 to 10000.');
  return limit;
}

// What people type reaches the shop's terminal: control characters (escape sequences that move the
// cursor, retitle the window or clear the screen, C1 controls such as CSI) and the bidirectional
// overrides that make text read other than it is are taken out of the printed listing, and written
// as \u escapes in the JSON one (so the data itself is kept exactly).
const UNPRINTABLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** `text` with every control and bidirectional-override character replaced by a visible mark. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '\uFFFD');
}

/** One JSON line in which nothing can act on a terminal. */
export function toJsonLine(value: unknown): string {
  return JSON.stringify(value).replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type JobFields = Pick<RfqLinkRequest, 'material' | 'thickness_in' | 'quantity'>;

const summarise = (j: JobFields): string =>
  [j.material === null ? null : printable(j.material), j.thickness_in === null ? null : `${j.thickness_in} in`, j.quantity === null ? null : `quantity ${j.quantity}`].filter(Boolean).join(', ');

function formatSubmission(raw: RfqSubmissionListing): string {
  const { link_job: asked, ...sent } = raw;
  const s = Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, typeof value === 'string' ? printable(value) : value])) as unknown as typeof sent;
  const job = summarise(s);
  // What the link asked, when the person's form says otherwise: the shop sees both.
  const edited = asked !== null && (asked.description !== raw.description || summarise(asked) !== summarise(raw));
  return [
    `${s.id}  ${s.submitted_at}  link ${s.rfq_link_id}`,
    s.erased_at ? `  From: (contact details erased ${s.erased_at})` : `  From: ${s.name}${s.company ? ` (${s.company})` : ''} <${s.email}>${s.phone ? `, ${s.phone}` : ''}`,
    ...(job ? [`  Job:  ${job}`] : []),
    ...s.description.split('\n').map((line) => `  | ${line}`),
    ...(edited && asked !== null
      ? [`  The link asked${summarise(asked) ? `: ${summarise(asked)}` : ''}`, ...printable(asked.description).split('\n').map((line) => `  > ${line}`)]
      : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limit = readLimit(args);
  const runtime = await startRuntime(loadConfig(), path.resolve(__dirname, '..', '..', '..'));
  try {
    // Each one an RfqSubmission (@shop/contracts), its stored version checked.
    const submissions = await runtime.service.listRfqSubmissions(limit);
    if (args.includes('--json')) {
      for (const s of submissions) process.stdout.write(`${toJsonLine(s)}\n`);
    } else if (submissions.length === 0) {
      process.stdout.write('No quote requests yet.\n');
    } else {
      process.stdout.write(`${submissions.map(formatSubmission).join('\n\n')}\n\n${submissions.length} quote request(s), newest first.\n`);
    }
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`rfq:list failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
