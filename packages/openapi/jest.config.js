const preset = require('../../jest.preset.js');

// swagger-parser's ref parser and openapi-schema-validator ship ESM only: let swc turn them into CommonJS for the tests.
module.exports = {
  ...preset,
  displayName: 'openapi',
  transformIgnorePatterns: [`/node_modules/(?!.*(${[...preset.esmOnly, '@apidevtools', '@seriousme'].join('|')}))`],
};
