const preset = require('../../jest.preset.js');

// swagger-parser's ref parser and openapi-schema-validator ship ESM only: let swc turn it into CommonJS for the OpenAPI test.
module.exports = {
  ...preset,
  displayName: 'contracts',
  transform: { ...preset.transform, '^.+\\.js$': preset.transform['^.+\\.ts$'] },
  transformIgnorePatterns: ['/node_modules/(?!.*(@apidevtools|@seriousme))'],
};
