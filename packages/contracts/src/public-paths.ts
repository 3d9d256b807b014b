// The shapes of every public address the service hands out or links to, in one place. Paths are
// relative to PUBLIC_URL (product pages to SHOP_URL); `publicUrls` makes them absolute.
/** Every REST route lives under this prefix of PUBLIC_URL. */
export const API_PREFIX = '/api/v1';

const id = (value: string) => encodeURIComponent(value);

export const PUBLIC_PATHS = {
  docs: () => '/docs',
  /** The docs page's section on one error or issue code. */
  docsAnchor: (kind: 'error' | 'issue', code: string) => `/docs#${kind}-${code}`,
  order: (handoffId: string) => `/o/${id(handoffId)}`,
  /** The one order-request form of an order link (where no external shop takes the order). */
  orderRequestForm: (handoffId: string) => `/o/${id(handoffId)}/request`,
  /** An order request's confirmation: its id is the secret. */
  orderRequest: (orderRequestId: string) => `/order-requests/${id(orderRequestId)}`,
  plateQuoter: (designId: string) => `/plate/${id(designId)}`,
  platePrice: (designId: string, quantity: number) => `/plate/${id(designId)}/price?quantity=${quantity}`,
  plateQuoteRequest: (designId: string) => `/plate/${id(designId)}/quote-request`,
  rfqForm: (rfqId: string) => `/r/${id(rfqId)}`,
  product: (slug: string) => `/products/${id(slug)}`,
  productQuoteRequest: (slug: string) => `/products/${id(slug)}/quote-request`,
  productImage: (slug: string) => `/images/products/${id(slug)}.svg`,
  preview: (quoteId: string, index: number) => `${API_PREFIX}/quotes/${id(quoteId)}/items/${index}/preview.svg`,
  drawingDxf: (quoteId: string, index: number) => `${API_PREFIX}/quotes/${id(quoteId)}/items/${index}/drawing.dxf`,
  importPreview: (importId: string) => `${API_PREFIX}/plate-imports/${id(importId)}/preview.svg`,
  /** The upload page: a drawing in, the plate quoter on it. */
  plateUpload: () => '/plate/new',
  /** The part an uploaded drawing gave, with its material, thickness and quantity to choose. */
  plateImportQuoter: (importId: string) => `/plate/new/${id(importId)}`,
  plateImportOrder: (importId: string) => `/plate/new/${id(importId)}/order`,
} as const;

type PathBuilders = typeof PUBLIC_PATHS;

/** The pages' addresses as route patterns, for the app that serves them (each matches its builder). */
export const PAGE_ROUTES = {
  order: '/o/:handoff_id',
  orderRequestForm: '/o/:handoff_id/request',
  orderRequest: '/order-requests/:order_request_id',
  plateUpload: '/plate/new',
  plateImportQuoter: '/plate/new/:import_id',
  plateImportOrder: '/plate/new/:import_id/order',
  plateQuoter: '/plate/:design_id',
  platePrice: '/plate/:design_id/price',
  plateQuoteRequest: '/plate/:design_id/quote-request',
  rfqForm: '/r/:rfq_id',
  product: '/products/:slug',
  productQuoteRequest: '/products/:slug/quote-request',
} as const satisfies Partial<Record<keyof PathBuilders, string>>;

/** The first path segment of every page whose address holds a bearer id: logs must not keep what follows. */
export const BEARER_PAGE_PREFIXES = ['/o', '/r', '/plate', '/order-requests'] as const;

/** The same builders, each giving `${base}${path}` (base without a trailing slash). */
export function publicUrls(base: string): PathBuilders {
  const root = base.replace(/\/+$/, '');
  return Object.fromEntries(
    Object.entries(PUBLIC_PATHS).map(([name, build]) => [name, (...args: never[]) => `${root}${(build as (...a: never[]) => string)(...args)}`]),
  ) as unknown as PathBuilders;
}
