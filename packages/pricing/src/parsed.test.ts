import { PlateItem, ProductItem, QuoteRequest, typedPlate } from '@shop/contracts';
import { priceItem } from './price-item';
import { pricePlateItem } from './price-plate';
import { priceProductItem } from './price-product';
import { priceQuote } from './price-quote';
import { catalog, quoteOptions } from './test-fixtures';

// What a caller sends when it hands the library raw JSON instead of the contract's parse.
const rawPlate = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 }, quantity: 10 };
const rawProduct = { kind: 'product', slug: 'round-bale-feeder', tier: 'kit' };

describe('a request that skipped the contract\'s parse', () => {
  it('is refused by priceQuote with an error naming QuoteRequest.parse and the first default missing, not a bare TypeError', () => {
    expect(() => priceQuote({ items: [rawPlate] } as never, quoteOptions())).toThrow(
      new TypeError(
        'priceQuote takes input parsed by QuoteRequest.parse from @shop/contracts, which checks it and fills in its defaults; items[0].quantity_options is missing. Parse it first: priceQuote(QuoteRequest.parse(input), options).',
      ),
    );
    expect(() => priceQuote({ items: [{ ...rawPlate, quantity_options: [] }] } as never, quoteOptions())).toThrow(/items\[0\]\.label is missing \(null for none\)/);
    expect(() => priceQuote({ items: [{ ...rawPlate, quantity_options: [], label: null }, rawProduct] } as never, quoteOptions())).toThrow(/items\[1\]\.quantity is missing/);
    expect(() => priceQuote({ item: [] } as never, quoteOptions())).toThrow(/the request has no items array/);
  });

  it('names the defaults inside a plate: a bend\'s angle and direction, a pattern\'s angle', () => {
    const parsedFields = { quantity_options: [], label: null };
    expect(() => priceQuote({ items: [{ ...rawPlate, ...parsedFields, bends: [{ start_in: [0, 2], end_in: [6, 2] }] }] } as never, quoteOptions())).toThrow(/items\[0\]\.bends\[0\]\.angle_deg is missing/);
    expect(() =>
      priceQuote({ items: [{ ...rawPlate, ...parsedFields, holes: [{ kind: 'linear', start_x_in: 1, start_y_in: 1, count: 3, spacing_in: 1, diameter_in: 0.5 }] }] } as never, quoteOptions()),
    ).toThrow(/items\[0\]\.holes\[0\]\.angle_deg is missing/);
    expect(() => priceQuote({ items: [{ ...rawPlate, ...parsedFields, import_id: 'pi_x' }] } as never, quoteOptions())).toThrow(/items\[0\]\.import_id names an imported drawing/);
  });

  it('is refused by the one-item functions with the parse each needs', () => {
    expect(() => pricePlateItem(rawPlate as never, { catalog })).toThrow(/^pricePlateItem takes input parsed by PlateItem\.parse .*the item\.quantity_options is missing/);
    expect(() => priceProductItem(rawProduct as never, { catalog })).toThrow(/^priceProductItem takes input parsed by ProductItem\.parse .*the item\.quantity is missing/);
    expect(() => priceItem(rawProduct as never, { catalog })).toThrow(/^priceItem takes input parsed by QuoteRequestItem\.parse/);
    expect(() => pricePlateItem(ProductItem.parse(rawProduct) as never, { catalog })).toThrow(/the item\.kind is "product", not "plate"/);
  });

  it('prices the same input once parsed', () => {
    const request = QuoteRequest.parse({ items: [rawPlate, rawProduct] });
    expect(priceQuote(request, quoteOptions()).status).toBe('ready');
    const plate = request.items[0]!;
    expect(plate.kind === 'plate' && pricePlateItem(typedPlate(plate), { catalog }).status).toBe('ready');
    expect(pricePlateItem(PlateItem.parse(rawPlate), { catalog }).status).toBe('ready');
    expect(priceProductItem(ProductItem.parse(rawProduct), { catalog }).status).toBe('ready');
  });
});
