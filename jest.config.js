// Every package's tests in one run; the summary reporter prints the `N passed, N failed` line CI reads.
module.exports = {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*'],
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
