// A suite or test that needs something the machine may not have (a server's URL, a binary, the
// registry, root): it runs when it is there, and otherwise shows as skipped with the reason in its
// name, which the test summary (scripts/jest-summary-reporter.js) lists at the end of `pnpm test`.

type Body = (() => void) | jest.ProvidesCallback;

/** `describe` when `ready`, else a skipped suite named "title (skipped: reason)". */
export function describeUnless(ready: boolean, reason: string): (title: string, body: () => void) => void {
  return ready ? describe : (title, body) => describe.skip(`${title} (skipped: ${reason})`, body);
}

/** `it` when `ready`, else a skipped test named "title (skipped: reason)". */
export function itUnless(ready: boolean, reason: string): (title: string, body: Body, timeout?: number) => void {
  return ready ? it : (title, body, timeout) => it.skip(`${title} (skipped: ${reason})`, body, timeout);
}

/** What a suite on PostgreSQL says when TEST_POSTGRES_URL is not set. */
export const NEEDS_POSTGRES = 'set TEST_POSTGRES_URL, e.g. postgresql://root@127.0.0.1:5432/test';
/** What a suite on Redis says when TEST_REDIS_URL is not set. */
export const NEEDS_REDIS = 'set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379';
