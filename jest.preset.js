// Shared jest settings: TypeScript through swc, workspace packages read from source.
module.exports = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@shop/source', 'node', 'node-addons'] },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
};
