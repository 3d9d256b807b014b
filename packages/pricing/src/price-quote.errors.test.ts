import { createCatalog } from '@shop/catalog';
import { ServiceError } from '@shop/contracts';
import type { QuoteRequestInput } from '@shop/contracts';
import { priceQuote } from './price-quote';
import { PLATE_A, quoteOptions, request } from './test-fixtures';

function errorOf(items: QuoteRequestInput['items'], options = quoteOptions()): ServiceError {
  try {
    priceQuote(request(items), options);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe('priceQuote request errors', () => {
  it('refuses an unknown product slug', () => {
    const error = errorOf([PLATE_A, { kind: 'product', slug: 'flux-capacitor', tier: 'kit' }]);
    expect(error).toMatchObject({ code: 'product_unknown', status: 422, param: 'items[1].slug' });
    expect(error.message).toMatch(/"flux-capacitor" is not a product/);
  });

  it('refuses a tier whose price is on request', () => {
    const error = errorOf([
      { kind: 'product', slug: 'welding-cart', tier: 'kit' },
      { kind: 'product', slug: 'utility-trailer-5x10', tier: 'welded' },
    ]);
    expect(error).toMatchObject({ code: 'tier_not_orderable', param: 'items[1].tier' });
    // The built tiers only: the tools cannot quote the design package, so the message never sends them there.
    expect(error.message).toBe(
      'tier "welded" of utility-trailer-5x10 cannot be ordered online (its price is on request); choose kit, or ask for a quote-request link (create_rfq_link or POST /rfq-links).',
    );
  });

  it('refuses a thickness the material does not list', () => {
    const error = errorOf([PLATE_A, PLATE_A, { ...PLATE_A, thickness_in: 0.3 }]);
    expect(error).toMatchObject({ code: 'thickness_not_offered', param: 'items[2].thickness_in' });
    expect(error.message).toBe(
      'thickness_in 0.3 is not sold in mild_steel; the nearest sold are 0.25 (1/4 in) and 0.3125 (5/16 in): send one exactly as listed (every thickness: list_materials or GET /materials).',
    );
  });

  it('names the listed value when the thickness sent is the same plate written another way', () => {
    const error = errorOf([{ ...PLATE_A, material: 'aluminum_6061', thickness_in: 0.1875, bends: [] }]);
    expect(error).toMatchObject({ code: 'thickness_not_offered', param: 'items[0].thickness_in' });
    expect(error.message).toBe('3/16 in aluminum_6061 is sold as 0.19: send thickness_in 0.19.');
  });

  it('refuses plate items while plate orders are switched off', () => {
    const off = { ...quoteOptions(), catalog: createCatalog({ shopUrl: 'https://shop.example.ca', plateOrdersEnabled: false }) };
    const error = errorOf([{ kind: 'product', slug: 'welding-cart', tier: 'kit' }, PLATE_A], off);
    expect(error).toMatchObject({ code: 'material_unavailable', param: 'items[1].material' });
    // Products are still quoted.
    expect(priceQuote(request([{ kind: 'product', slug: 'welding-cart', tier: 'kit' }]), off).status).toBe('ready');
  });

  it('says why plate orders are off and until when, as the catalog was told, and names the quote-request link', () => {
    const notice = 'Online plate orders are paused until 4 January 2027. The shop is closed over the holidays.';
    const off = { ...quoteOptions(), catalog: createCatalog({ shopUrl: 'https://shop.example.ca', plateOrdersEnabled: false, plateOrdersNotice: notice }) };
    expect(errorOf([PLATE_A], off).message).toBe(
      `material "mild_steel" is not available. ${notice} Ask for a quote-request link (create_rfq_link or POST /rfq-links) instead.`,
    );
  });

  it('sells a design package once: quantity 1, no options, named once', () => {
    expect(errorOf([{ kind: 'product', slug: 'welding-cart', tier: 'design', quantity: 2 }])).toMatchObject({
      code: 'design_quantity_fixed',
      param: 'items[0].quantity',
    });
    expect(errorOf([{ kind: 'product', slug: 'welding-cart', tier: 'design', quantity_options: [2] }])).toMatchObject({
      code: 'design_quantity_fixed',
      param: 'items[0].quantity_options',
    });
    expect(
      errorOf([
        { kind: 'product', slug: 'welding-cart', tier: 'design' },
        { kind: 'product', slug: 'welding-cart', tier: 'kit' },
        { kind: 'product', slug: 'welding-cart', tier: 'design' },
      ]),
    ).toMatchObject({ code: 'design_repeated', param: 'items[2].slug' });
  });

  it('refuses quantities outside the lists even when the request skipped the schema', () => {
    const raw = request([PLATE_A]);
    const plate = raw.items[0];
    if (plate?.kind !== 'plate') throw new Error('expected a plate');
    expect(() => priceQuote({ items: [{ ...plate, quantity: 1000 }] }, quoteOptions())).toThrow(
      expect.objectContaining({ code: 'quantity_out_of_range', param: 'items[0].quantity' }),
    );
    expect(() => priceQuote({ items: [{ ...plate, quantity_options: [5, 0] }] }, quoteOptions())).toThrow(
      expect.objectContaining({ code: 'quantity_out_of_range', param: 'items[0].quantity_options[1]' }),
    );
    expect(() => priceQuote({ items: [] }, quoteOptions())).toThrow(expect.objectContaining({ code: 'parameter_invalid', param: 'items' }));
  });

  it('checks every item before pricing any, reporting the first fault', () => {
    const error = errorOf([
      { kind: 'product', slug: 'nope', tier: 'kit' },
      { ...PLATE_A, thickness_in: 0.3 },
    ]);
    expect(error.param).toBe('items[0].slug');
  });
});
