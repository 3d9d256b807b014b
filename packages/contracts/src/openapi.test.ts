import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_ROUTES, buildOpenApiDocument } from './index';

const document = buildOpenApiDocument({ publicUrl: 'https://quotes.example.test/' });

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1.0 for swagger-parser', async () => {
    const copy = JSON.parse(JSON.stringify(document));
    await expect(SwaggerParser.validate(copy)).resolves.toBeDefined();
  });

  it('is valid OpenAPI 3.1.0 for openapi-schema-validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names version v1 and the server under /api/v1', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('v1');
    expect(document.servers).toEqual([{ url: 'https://quotes.example.test/api/v1' }]);
  });

  it('lists exactly the routes of the interface', () => {
    const listed = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method} ${path}`),
    );
    expect(listed.sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('requires every request body and answers every error with the envelope', () => {
    for (const route of API_ROUTES) {
      const operation = (document.paths as Record<string, Record<string, any>>)[route.path]![route.method]!;
      if (route.method === 'post') expect(operation.requestBody.required).toBe(true);
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        expect(response.headers['X-Request-Id']).toBeDefined();
        if (Number(status) >= 400) {
          expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        }
      }
    }
  });

  it('describes the plate contract with its bounds', () => {
    const schemas = document.components!.schemas as Record<string, any>;
    expect(schemas.QuoteRequest.properties.items).toMatchObject({ minItems: 1, maxItems: 10 });
    expect(schemas.QuoteRequestItem.discriminator.propertyName).toBe('kind');
    expect(schemas.PlateItem.properties.holes).toMatchObject({ maxItems: 200 });
    expect(schemas.PlateItem.additionalProperties).toBe(false);
    expect(schemas.RectangleOutline.properties.width_in).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 120 });
    for (const name of ['SingleHole', 'LinearHoles', 'GridHoles', 'BoltCircle', 'Slot', 'Bend', 'Handoff', 'RfqLink', 'Status', 'ProfileList']) {
      expect(schemas[name]).toBeDefined();
    }
  });
});
