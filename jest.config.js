// Every package's tests in one run; the summary reporter prints the `N passed, N failed` line CI reads.
module.exports = {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*', '<rootDir>/scripts'],
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
