// Shared jest settings: TypeScript through swc, workspace packages read from source. Dependencies
// that ship ESM only (flatbush and its queue, kysely) go through swc too; the rest of node_modules does not.
const swc = [
  '@swc/jest',
  {
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  },
];
const ESM_ONLY = ['flatbush', 'flatqueue', 'kysely'];

module.exports = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@shop/source', 'node', 'node-addons'] },
  transform: { '^.+\\.ts$': swc, '^.+\\.js$': swc },
  transformIgnorePatterns: [`/node_modules/(?!.*(${ESM_ONLY.join('|')}))`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
};
// For configs that add ESM-only packages of their own (not a jest option, so not enumerable).
Object.defineProperty(module.exports, 'esmOnly', { value: ESM_ONLY, enumerable: false });
