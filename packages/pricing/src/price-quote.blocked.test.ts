import { priceQuote, TAX_NOTE_BLOCKED } from './price-quote';
import { PLATE_A, quoteOptions, request } from './test-fixtures';

describe('priceQuote with blocked items', () => {
  it('blocks a plate past the laser but still shows its figures', () => {
    const quote = priceQuote(
      request([{ kind: 'plate', material: 'mild_steel', thickness_in: 1.5, outline: { kind: 'rectangle', width_in: 10, height_in: 10 } }]),
      quoteOptions(),
    );
    const [item] = quote.items;
    expect(quote).toMatchObject({
      status: 'blocked',
      amount_subtotal_cents: null,
      amount_tax_cents: null,
      amount_total_cents: null,
      tax_note: TAX_NOTE_BLOCKED,
    });
    expect(item).toMatchObject({ status: 'blocked', unit_amount_cents: null, amount_cents: null, quantity_options: [], lead_time: null });
    expect(item?.issues).toEqual([
      {
        code: 'thickness_over_laser',
        severity: 'blocking',
        message: expect.stringMatching(/1-1\/2 in mild steel is past the laser, which cuts mild steel up to 1 in/),
        param: 'items[0].thickness_in',
      },
    ]);
    // 100 in2 x 1.5 x 0.2836 = 42.54 lb.
    expect(item?.plate).toMatchObject({ preview_url: null, weight_lb: 42.54, cut_length_in: 40 });
  });

  it('does not bend 6061-T6 aluminum', () => {
    const quote = priceQuote(
      request([{ kind: 'plate', material: 'aluminum_6061', thickness_in: 0.125, outline: { kind: 'rectangle', width_in: 6, height_in: 4 }, bends: [{ start_in: [3, 0], end_in: [3, 4] }] }]),
      quoteOptions(),
    );
    expect(quote.items[0]?.issues.map((i) => [i.code, i.param])).toEqual([['bend_not_offered', 'items[0].bends']]);
    expect(quote.items[0]?.issues[0]?.message).toMatch(/not bent here.*Remove the bends/);
  });

  it('does not bend mild steel thicker than 1/2 in', () => {
    const quote = priceQuote(
      request([{ kind: 'plate', material: 'mild_steel', thickness_in: 0.625, outline: { kind: 'rectangle', width_in: 12, height_in: 8 }, bends: [{ start_in: [6, 0], end_in: [6, 8] }] }]),
      quoteOptions(),
    );
    const codes = quote.items[0]?.issues.map((i) => i.code);
    expect(codes).toContain('bend_not_offered');
    expect(quote.items[0]?.issues.find((i) => i.code === 'bend_not_offered')?.message).toMatch(/bent up to 0.5 in thick and this plate is 5\/8 in/);
  });

  it('passes on the geometry issues with the item path, blocking first', () => {
    const quote = priceQuote(
      request([
        PLATE_A,
        {
          kind: 'plate',
          material: 'mild_steel',
          thickness_in: 0.25,
          outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
          holes: [
            { kind: 'single', x_in: 3, y_in: 2, diameter_in: 0.2 },
            { kind: 'single', x_in: 10, y_in: 2, diameter_in: 0.5 },
          ],
          label: 'call 416-555-0199',
        },
      ]),
      quoteOptions(),
    );
    const [ready, blocked] = quote.items;
    expect(quote.status).toBe('blocked');
    expect(quote.amount_total_cents).toBeNull();
    // A ready item shows its amounts inside a blocked quote.
    expect(ready).toMatchObject({ status: 'ready', amount_cents: 18_948 });
    expect(ready?.plate?.preview_url).toMatch(/items\/0\/preview\.svg$/);
    expect(blocked).toMatchObject({ status: 'blocked', amount_cents: null, unit_amount_cents: null, label: null });
    expect(blocked?.plate?.preview_url).toBeNull();
    const issues = blocked?.issues ?? [];
    expect(issues.map((i) => i.code)).toEqual(expect.arrayContaining(['hole_outside_part', 'hole_smaller_than_thickness', 'label_dropped']));
    expect(issues.find((i) => i.code === 'hole_outside_part')?.param).toBe('items[1].holes[1]');
    expect(issues.find((i) => i.code === 'label_dropped')?.param).toBe('items[1].label');
    const ranks = issues.map((i) => ['blocking', 'warning', 'info'].indexOf(i.severity));
    expect(ranks).toEqual([...ranks].sort());
  });

  it('prices an item with a dropped label and says so', () => {
    const quote = priceQuote(request([{ ...PLATE_A, label: 'see www.example.com' }]), quoteOptions());
    expect(quote.status).toBe('ready');
    expect(quote.items[0]).toMatchObject({ label: null, amount_cents: 18_948 });
    expect(quote.items[0]?.issues).toEqual([
      { code: 'label_dropped', severity: 'warning', message: expect.stringMatching(/link or web address/), param: 'items[0].label' },
    ]);
  });

  it('drops a product label too and still prices the product', () => {
    const quote = priceQuote(request([{ kind: 'product', slug: 'welding-cart', tier: 'kit', label: 'jane@example.com' }]), quoteOptions());
    expect(quote.items[0]).toMatchObject({ label: null, status: 'ready', amount_cents: 53_500 });
    expect(quote.items[0]?.issues[0]).toMatchObject({ code: 'label_dropped', param: 'items[0].label' });
  });
});

describe('priceQuote with an outline that cannot be measured', () => {
  it('leaves weight and cut length null for a self-crossing outline', () => {
    const quote = priceQuote(
      request([{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'polygon', points_in: [[0, 0], [4, 4], [4, 0], [0, 4]] } }]),
      quoteOptions(),
    );
    const [item] = quote.items;
    expect(item?.status).toBe('blocked');
    expect(item?.issues[0]).toMatchObject({ code: 'outline_invalid', severity: 'blocking', param: 'items[0].outline' });
    expect(item?.plate).toMatchObject({ weight_lb: null, cut_length_in: null, preview_url: null });
    expect(item?.description).toBe('Plate 4 x 4 in 4-corner outline, 1/4 in mild steel');
  });
});
