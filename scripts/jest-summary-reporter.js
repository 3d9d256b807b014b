// Prints, after jest's own summary, what a passing run left out and why (every skipped test grouped by
// the reason in its name, "(skipped: ...)", and the servers whose URL was not set), then one plain
// line, `N passed, N failed, N skipped`, which CI reads.
const path = require('node:path');

/** The servers some suites need, as the README's table of test variables lists them. */
const SERVERS = [
  { variable: 'TEST_POSTGRES_URL', suites: 'the storage repositories and the REST app on PostgreSQL' },
  { variable: 'TEST_REDIS_URL', suites: 'rate limits kept in Redis' },
];
const REASON = /\(skipped: ([^)]*)\)/;

/** The skipped tests of a run, grouped by their reason: [reason, [{ file, name }]] in first-seen order. */
function groupSkipped(results, rootDir) {
  const groups = new Map();
  for (const file of results.testResults) {
    for (const test of file.testResults) {
      if (test.status !== 'pending' && test.status !== 'todo' && test.status !== 'skipped') continue;
      const named = [...test.ancestorTitles, test.title].map((title) => REASON.exec(title)?.[1]).find((reason) => reason !== undefined);
      const reason = named ?? (test.status === 'todo' ? 'to do' : 'no reason in its name (left out by a name filter, or skipped without one)');
      const list = groups.get(reason) ?? [];
      list.push({ file: path.relative(rootDir, file.testFilePath), name: test.fullName });
      groups.set(reason, list);
    }
  }
  return [...groups];
}

/** The lines of the report: each reason with its count and files, then the servers not set. */
function describeSkipped(results, rootDir, env) {
  const lines = [];
  const groups = groupSkipped(results, rootDir);
  if (groups.length > 0) {
    lines.push('Skipped:');
    for (const [reason, tests] of groups) {
      const files = [...new Set(tests.map((test) => test.file))];
      const shown = files.slice(0, 4).join(', ') + (files.length > 4 ? `, and ${files.length - 4} more` : '');
      lines.push(`  ${tests.length} ${tests.length === 1 ? 'test' : 'tests'}: ${reason} (${shown})`);
    }
  }
  const unset = SERVERS.filter((server) => !env[server.variable]);
  for (const server of unset) lines.push(`Not run: ${server.suites}; set ${server.variable} to run them.`);
  return lines;
}

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const report = describeSkipped(results, this.rootDir, process.env);
    process.stdout.write(
      `\n${report.map((line) => `${line}\n`).join('')}${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
module.exports.describeSkipped = describeSkipped;
