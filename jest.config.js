// Every package's tests in one run; the summary reporter prints the `N passed, N failed` line CI reads.
// The slow suites (jest.preset.js) are their own project here, so `--selectProjects slow` runs only them.
const preset = require('./jest.preset.js');

const slow = {
  ...preset,
  displayName: 'slow',
  rootDir: __dirname,
  roots: [...new Set(preset.slowTests.map((file) => `<rootDir>/${file.slice(0, file.lastIndexOf('/'))}`))],
  testMatch: preset.slowTests.map((file) => `<rootDir>/${file}`),
  testPathIgnorePatterns: ['/node_modules/'],
};

module.exports = {
  projects: ['<rootDir>/packages/*', '<rootDir>/apps/*', '<rootDir>/scripts', slow],
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
