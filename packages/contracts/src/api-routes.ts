// Every route of the REST interface, relative to `${PUBLIC_URL}/api/v1`: the one list the router
// mounts from (it refuses a route not listed) and the OpenAPI document is checked against.
import { PlateImportQuery } from './imports';
import { MaterialsQuery } from './materials';
import { ProductQuery } from './products';
import { ProfileQuery } from './profiles';
import type { z } from './zod';

export type HttpMethod = 'get' | 'post';

export interface ApiRoute {
  method: HttpMethod;
  /** In OpenAPI form: `/quotes/{public_id}`. */
  path: string;
  /** The query parameters it takes; null when it takes none, so any one sent is refused (422 parameter_unknown). */
  query: z.ZodType | null;
}

export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'get', path: '/status', query: null },
  { method: 'get', path: '/openapi.json', query: null },
  { method: 'get', path: '/materials', query: MaterialsQuery },
  { method: 'get', path: '/products', query: ProductQuery },
  { method: 'get', path: '/products/{slug}', query: null },
  { method: 'get', path: '/profiles', query: ProfileQuery },
  { method: 'post', path: '/quotes', query: null },
  { method: 'get', path: '/quotes/{public_id}', query: null },
  { method: 'get', path: '/quotes/{public_id}/items/{index}/preview.svg', query: null },
  { method: 'get', path: '/quotes/{public_id}/items/{index}/drawing.dxf', query: null },
  { method: 'post', path: '/plate-imports', query: PlateImportQuery },
  { method: 'get', path: '/plate-imports/{public_id}/preview.svg', query: null },
  { method: 'post', path: '/handoffs', query: null },
  { method: 'post', path: '/rfq-links', query: null },
];
