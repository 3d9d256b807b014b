const preset = require('../../jest.preset.js');

// swagger-parser's ref parser and openapi-schema-validator ship ESM only: let swc turn it into CommonJS for the OpenAPI test.
module.exports = {
  ...preset,
  displayName: 'contracts',
  transformIgnorePatterns: [`/node_modules/(?!.*(${[...preset.esmOnly, '@apidevtools', '@seriousme'].join('|')}))`],
};
