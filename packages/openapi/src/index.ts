export { buildOpenApiDocument } from './openapi';
export type { HttpMethod, OpenApiDocument, OpenApiOptions } from './openapi';
