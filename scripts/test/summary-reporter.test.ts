// The end of `pnpm test`: what was skipped and why, which servers were not set, then the line CI reads.
import path from 'node:path';

const Reporter = require('../jest-summary-reporter.js') as {
  new (config: { rootDir: string }): { onRunComplete(contexts: unknown, results: unknown): void };
  describeSkipped(results: unknown, rootDir: string, env: Record<string, string | undefined>): string[];
};

const root = '/repo';
const test = (status: string, ancestorTitles: string[], title: string) => ({ status, ancestorTitles, title, fullName: [...ancestorTitles, title].join(' ') });
const results = {
  numPassedTests: 40,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 5,
  numTodoTests: 0,
  testResults: [
    {
      testFilePath: path.join(root, 'packages/storage/test/repositories.test.ts'),
      testResults: [
        test('passed', ['repositories on sqlite'], 'keeps a quote'),
        test('pending', ['repositories on postgresql (skipped: set TEST_POSTGRES_URL, e.g. postgresql://root@127.0.0.1:5432/test)'], 'keeps a quote'),
        test('pending', ['repositories on postgresql (skipped: set TEST_POSTGRES_URL, e.g. postgresql://root@127.0.0.1:5432/test)'], 'lists links'),
      ],
    },
    {
      testFilePath: path.join(root, 'apps/rest/test/limits.test.ts'),
      testResults: [test('pending', ['rate limits kept in Redis'], 'the 61st quote is refused (skipped: set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379)')],
    },
    {
      testFilePath: path.join(root, 'packages/storage/src/migrations.test.ts'),
      testResults: [test('pending', ['migrations'], 'on postgresql (skipped: set TEST_POSTGRES_URL, e.g. postgresql://root@127.0.0.1:5432/test)'), test('pending', ['x'], 'left out by -t')],
    },
  ],
};

describe('the test summary', () => {
  it('says what was skipped, grouped by reason with its files, and which servers were not set', () => {
    expect(Reporter.describeSkipped(results, root, { TEST_REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([
      'Skipped:',
      '  3 tests: set TEST_POSTGRES_URL, e.g. postgresql://root@127.0.0.1:5432/test (packages/storage/test/repositories.test.ts, packages/storage/src/migrations.test.ts)',
      '  1 test: set TEST_REDIS_URL, e.g. redis://127.0.0.1:6379 (apps/rest/test/limits.test.ts)',
      '  1 test: no reason in its name (left out by a name filter, or skipped without one) (packages/storage/src/migrations.test.ts)',
      'Not run: the storage repositories and the REST app on PostgreSQL; set TEST_POSTGRES_URL to run them.',
    ]);
  });

  it('ends with the plain line CI reads, after the report', () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      new Reporter({ rootDir: root }).onRunComplete([], results);
      const text = write.mock.calls.map((call) => String(call[0])).join('');
      const lines = text.trim().split('\n');
      expect(lines[0]).toBe('Skipped:');
      expect(lines.at(-1)).toBe('40 passed, 0 failed, 5 skipped');
    } finally {
      write.mockRestore();
    }
  });

  it('says nothing more when nothing was skipped and every server was set', () => {
    const clean = { ...results, numPendingTests: 0, testResults: [results.testResults[0]!].map((file) => ({ ...file, testResults: file.testResults.slice(0, 1) })) };
    expect(Reporter.describeSkipped(clean, root, { TEST_POSTGRES_URL: 'postgresql://x', TEST_REDIS_URL: 'redis://x' })).toEqual([]);
  });
});
