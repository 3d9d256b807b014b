import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import { Validator } from '@seriousme/openapi-schema-validator';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ROUTES, ERROR_CODES, ERROR_STATUS, ErrorEnvelope, HandoffRequest, QuoteRequest, RfqLinkRequest, errorTypeForStatus, isRetryableCode } from '@shop/contracts';
import { buildOpenApiDocument } from './index';

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
    expect(schemas.RectangleOutline.properties.width_in).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 120, description: 'Width along x, in inches: > 0 and at most 120.' });
    for (const name of ['SingleHole', 'LinearHoles', 'GridHoles', 'BoltCircle', 'Slot', 'Bend', 'Handoff', 'RfqLink', 'Status', 'ProfileList']) {
      expect(schemas[name]).toBeDefined();
    }
  });
});

describe('what a client can read from the schemas alone', () => {
  const schemas = document.components!.schemas as Record<string, any>;

  it('maps every kind of every discriminated union, the polygon outline included', () => {
    const found: string[] = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (node === null || typeof node !== 'object') return;
      const { discriminator, oneOf } = node as { discriminator?: { propertyName: string; mapping?: Record<string, string> }; oneOf?: Array<{ $ref?: string }> };
      if (discriminator && oneOf) {
        const expected: Record<string, string> = {};
        for (const option of oneOf) {
          const target = schemas[option.$ref!.split('/').pop()!];
          for (const value of target.properties[discriminator.propertyName].enum) expected[value] = option.$ref!;
        }
        expect(discriminator.mapping).toEqual(expected);
        found.push(Object.keys(expected).join(','));
      }
      Object.values(node).forEach(visit);
    };
    visit(document);
    expect(found).toContain('rectangle,circle,ring,polygon');
    expect(schemas.PlateItem.properties.outline.discriminator.mapping.polygon).toBe('#/components/schemas/PolygonOutline');
  });

  it('says in the plate item\'s schema that it needs outline or import_id, not both, and import_id without holes or cut-outs', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile({ $id: 'urn:shop:openapi', components: document.components, $ref: '#/components/schemas/PlateItem' });
    const base = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25 };
    const outline = { kind: 'rectangle', width_in: 6, height_in: 4 };
    const holes = [{ kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.5 }];
    const cases: Array<[string, object, boolean]> = [
      ['a typed outline', { ...base, outline }, true],
      ['a typed outline with holes', { ...base, outline, holes }, true],
      ['an import', { ...base, import_id: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0' }, true],
      ['an import with its own bends', { ...base, import_id: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0', bends: [{ start_in: [0, 2], end_in: [6, 2] }] }, true],
      ['neither', base, false],
      ['both', { ...base, outline, import_id: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0' }, false],
      ['an import with holes', { ...base, import_id: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0', holes }, false],
      ['an import with cut-outs', { ...base, import_id: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0', cutouts: [{ kind: 'polygon', points_in: [[1, 1], [2, 1], [2, 2]] }] }, false],
    ];
    expect(cases.map(([name, item]) => [name, validate(item)])).toEqual(cases.map(([name, , valid]) => [name, valid]));
  });
});

describe('the examples of the reference page', () => {
  const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, path, operation })),
  );

  it('offers named request bodies on every POST of JSON, each one the contract takes, a plate with a bend among them', () => {
    const contracts: Record<string, typeof QuoteRequest | typeof HandoffRequest | typeof RfqLinkRequest> = { '/quotes': QuoteRequest, '/handoffs': HandoffRequest, '/rfq-links': RfqLinkRequest };
    for (const [path, contract] of Object.entries(contracts)) {
      const examples = (document.paths as any)[path].post.requestBody.content['application/json'].examples as Record<string, { summary: string; value: unknown }>;
      expect(Object.keys(examples).length).toBeGreaterThan(0);
      for (const [name, example] of Object.entries(examples)) {
        const parsed = contract.safeParse(example.value);
        expect({ path, name, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ path, name, issues: [] });
        expect(example.summary.length).toBeGreaterThan(10);
      }
    }
    const quotes = Object.values((document.paths as any)['/quotes'].post.requestBody.content['application/json'].examples) as Array<{ value: { items: any[] } }>;
    const plates = quotes.flatMap((example) => example.value.items.filter((item) => item.kind === 'plate'));
    expect(plates.some((plate) => plate.bends?.length > 0 && plate.outline !== undefined)).toBe(true);
    expect(plates.some((plate) => plate.import_id !== undefined)).toBe(true);
    expect(plates.some((plate) => plate.outline?.kind === 'polygon' && plate.cutouts?.length > 0)).toBe(true);
    expect((document.components!.schemas as any).PlateItem.example.bends).toHaveLength(1);
  });

  it('shows on each error response an example of every code it lists, as that route answers it', () => {
    let shown = 0;
    for (const { where, operation } of operations) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (Number(status) < 400) continue;
        const listed = [.../Codes: (.*)\.$/.exec(response.description as string)![1]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
        const examples = response.content['application/json'].examples as Record<string, { value: unknown }>;
        expect({ where, status, codes: Object.keys(examples) }).toEqual({ where, status, codes: listed });
        for (const [code, example] of Object.entries(examples)) {
          const { error } = ErrorEnvelope.parse(example.value);
          expect({ where, code: error.code, status: ERROR_STATUS[error.code as keyof typeof ERROR_STATUS] }).toEqual({ where, code, status: Number(status) });
          expect(error.type).toBe(errorTypeForStatus(Number(status)));
          expect(error.retryable).toBe(isRetryableCode(code as keyof typeof ERROR_STATUS));
          expect(error.doc_url).toBe(`https://quotes.example.test/docs#error-${code}`);
          // A field of this route, never the quote request's path on another route.
          if (!where.startsWith('POST /quotes') && error.param !== null) expect({ where, param: error.param }).not.toEqual({ where, param: expect.stringMatching(/^items\[/) });
          shown += 1;
        }
      }
    }
    expect(shown).toBeGreaterThan(100);
    const quotes422 = (document.paths as any)['/quotes'].post.responses['422'].content['application/json'].examples;
    expect(quotes422.thickness_not_offered.value.error.param).toBe('items[0].thickness_in');
    const rfq422 = (document.paths as any)['/rfq-links'].post.responses['422'].content['application/json'].examples;
    expect(rfq422.parameter_invalid.value.error.param).toBe('description');
    expect(rfq422.contact_details_not_allowed.value.error.param).toBe('description');
    const imports413 = (document.paths as any)['/plate-imports'].post.responses['413'];
    expect(imports413.description).toContain('5 MiB');
    expect(imports413.content['application/json'].examples.body_too_large.value.error.message).toContain('5 MiB');
    expect((document.paths as any)['/quotes'].post.responses['413'].description).toContain('256 KiB');
  });
});

describe('the OpenAPI document against a mainstream linter', () => {
  it("passes Redocly's recommended rules with no error and no warning", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-openapi-'));
    const file = path.join(dir, 'openapi.json');
    // A public address that is neither localhost nor example.com, as a deployment has.
    writeFileSync(file, JSON.stringify(buildOpenApiDocument({ publicUrl: 'https://quotes.shop.invalid' })));
    const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    // Offline: no usage report to Redocly, no look for a newer release.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const run = spawnSync(process.execPath, [redocly, 'lint', '--extends=recommended', '--format=json', file], { encoding: 'utf8', env });
    rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.status).toBe(0);
  }, 60_000);
});

describe('the codes in the OpenAPI document', () => {
  const text = JSON.stringify(document);
  // Codes only the pages behind the links answer (HTML pages, not the API).
  const PAGE_ONLY = new Set(['handoff_not_found', 'design_not_found', 'rfq_link_not_found', 'order_request_not_found', 'link_expired', 'cross_site_request']);

  it.each(ERROR_CODES.filter((code) => !PAGE_ONLY.has(code)))('names the error code %s', (code) => {
    expect(text).toContain(`\`${code}\``);
  });

  it('marks every operation keyless, has a licence, and writes a point as exactly two numbers', () => {
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(item as Record<string, { security?: unknown }>)) expect(operation.security).toEqual([]);
    }
    expect(document.info.license?.name).toBeTruthy();
    expect((document.components!.schemas as Record<string, any>).Point).toMatchObject({ minItems: 2, maxItems: 2 });
  });

  it('documents the Idempotency-Key header on every POST and the replay header of its answer', () => {
    for (const route of API_ROUTES.filter((r) => r.method === 'post')) {
      const operation = (document.paths as Record<string, Record<string, any>>)[route.path]!.post;
      const headers = (operation.parameters as { in: string }[]).filter((parameter) => parameter.in === 'header');
      expect(headers).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
      expect(operation.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
      expect(operation.responses['409'].description).toContain('`idempotency_key_reused`');
    }
  });
});
