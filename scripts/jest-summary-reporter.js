// Prints one plain line, `N passed, N failed, N skipped`, after jest's own summary.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\n${results.numPassedTests} passed, ${failed} failed, ${results.numPendingTests + results.numTodoTests} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
