import { BEARER_PAGE_PREFIXES, PAGE_ROUTES, PUBLIC_PATHS, publicUrls } from './public-paths';

/** A route pattern as a regular expression: each `:name` one path segment. */
const matcher = (route: string) => new RegExp(`^${route.replace(/:[a-z_]+/g, '[^/]+')}$`);

describe('public paths', () => {
  it('builds every page address so that its own route pattern serves it', () => {
    const samples: Record<keyof typeof PAGE_ROUTES, string> = {
      order: PUBLIC_PATHS.order('h_abc'),
      orderRequestForm: PUBLIC_PATHS.orderRequestForm('h_abc'),
      orderRequest: PUBLIC_PATHS.orderRequest('or_abc'),
      plateQuoter: PUBLIC_PATHS.plateQuoter('pd_abc'),
      platePrice: PUBLIC_PATHS.platePrice('pd_abc', 25).split('?')[0]!,
      plateQuoteRequest: PUBLIC_PATHS.plateQuoteRequest('pd_abc'),
      rfqForm: PUBLIC_PATHS.rfqForm('rfq_abc'),
      product: PUBLIC_PATHS.product('round-bale-feeder'),
      productQuoteRequest: PUBLIC_PATHS.productQuoteRequest('round-bale-feeder'),
      plateUpload: PUBLIC_PATHS.plateUpload(),
      plateImportQuoter: PUBLIC_PATHS.plateImportQuoter('pi_abc'),
      plateImportOrder: PUBLIC_PATHS.plateImportOrder('pi_abc'),
    };
    // /plate/new has the shape of a plate design's address, but a design id always starts with pd_:
    // the upload page's routes are mounted before the design's, and no design is ever called "new".
    const sharedShape: Record<string, string[]> = { plateUpload: ['plateQuoter'] };
    for (const [name, path] of Object.entries(samples)) {
      const route = PAGE_ROUTES[name as keyof typeof PAGE_ROUTES];
      expect([name, matcher(route).test(path)]).toEqual([name, true]);
      // No other page's pattern takes the same address.
      const others = Object.entries(PAGE_ROUTES).filter(([other, pattern]) => other !== name && matcher(pattern).test(path));
      expect([name, others.map(([other]) => other)]).toEqual([name, sharedShape[name] ?? []]);
    }
  });

  it('encodes ids, so an id cannot step into another path', () => {
    expect(PUBLIC_PATHS.order('a/../b')).toBe('/o/a%2F..%2Fb');
    expect(PUBLIC_PATHS.preview('q_1', 2)).toBe('/api/v1/quotes/q_1/items/2/preview.svg');
  });

  it('makes absolute addresses on a base with or without its trailing slash', () => {
    expect(publicUrls('https://quotes.example.com/').rfqForm('rfq_1')).toBe('https://quotes.example.com/r/rfq_1');
    expect(publicUrls('https://quotes.example.com').docsAnchor('error', 'rate_limited')).toBe('https://quotes.example.com/docs#error-rate_limited');
  });

  it('names as bearer prefixes exactly the pages whose address holds a bearer id', () => {
    const bearer = Object.values(PAGE_ROUTES)
      .filter((route) => /:(handoff_id|design_id|rfq_id|import_id|order_request_id)/.test(route))
      .map((route) => `/${route.split('/')[1]}`);
    expect([...new Set(bearer)].sort()).toEqual([...BEARER_PAGE_PREFIXES].sort());
  });
});
