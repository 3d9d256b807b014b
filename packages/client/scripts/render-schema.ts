// Renders src/schema.ts: the TypeScript types of the REST interface, from the same OpenAPI document
// the REST app serves (built from the zod contracts), through openapi-typescript.
import { buildOpenApiDocument } from '@shop/openapi';
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_HEADER = [
  '// Generated from the OpenAPI document of @shop/openapi by scripts/generate-schema.ts: do not edit.',
  '// Regenerate with `pnpm --filter @shop/client generate`; test/schema.test.ts fails while this file is stale.',
  '',
  '',
].join('\n');

// Fields with a default are optional in requests, as the document says (openapi-typescript would
// otherwise make them required).
// The address only reaches the document's `servers`, which the types do not carry.
const PUBLIC_URL = 'http://localhost:3000';

export async function renderSchemaSource(): Promise<string> {
  const document = buildOpenApiDocument({ publicUrl: PUBLIC_URL });
  const nodes = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { silent: true, defaultNonNullable: false });
  return SCHEMA_HEADER + astToString(nodes);
}
