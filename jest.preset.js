// Shared jest settings: TypeScript through swc, workspace packages read from source. Dependencies
// that ship ESM only (flatbush and its queue, @oslojs) go through swc too; the rest of node_modules does not.
const swc = [
  '@swc/jest',
  {
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  },
];
const ESM_ONLY = ['flatbush', 'flatqueue', '@oslojs'];
// The slow tier (`pnpm test:slow`): suites that take minutes, start process pairs, copy the workspace or
// need the registry. They run as the root config's `slow` project, never from a package's own `npx jest`.
const SLOW_TESTS = [
  'apps/rest/test/reliability.fuzz.test.ts',
  'apps/rest/test/reliability.mcp-fuzz.test.ts',
  'packages/storage/test/two-processes.test.ts',
  'packages/service/test/two-processes.test.ts',
  'packages/pricing/test/packed-install.test.ts',
  'scripts/test/lint-layers.test.ts',
];

module.exports = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@shop/source', 'node', 'node-addons'] },
  transform: { '^.+\\.ts$': swc, '^.+\\.js$': swc },
  transformIgnorePatterns: [`/node_modules/(?!.*(${ESM_ONLY.join('|')}))`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...SLOW_TESTS.map((file) => `/${file.replaceAll('.', '\\.')}$`)],
};
// For configs that add ESM-only packages of their own, and the root config's slow project (not jest
// options, so not enumerable).
Object.defineProperty(module.exports, 'esmOnly', { value: ESM_ONLY, enumerable: false });
Object.defineProperty(module.exports, 'slowTests', { value: SLOW_TESTS, enumerable: false });
