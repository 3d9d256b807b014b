import { Quote } from '@shop/contracts';
import { priceQuote } from './price-quote';
import { catalog, NOW, PLATE_A, PLATE_B, PLATE_C, quoteOptions, request } from './test-fixtures';
import { PRICE_BOOK } from '@shop/catalog';

// Figures of the catalog used below (CAD): mild steel 0.2836 lb/in3 at 1.35/lb, 304 0.289 lb/in3 at
// 4.50/lb; laser 180/h = 5 c/s; press brake 120/h; programming 4 min of laser = 12.00 per item; loading
// a sheet 5 min of laser = 15.00, shared by the pieces on it; bend set-up 10 min of brake = 20.00 per
// bend line; handling 0.75 + 0.08/lb net per piece; minimum 17.00 a piece, 35.00 an item at most.

describe('priceQuote worked examples', () => {
  const quote = priceQuote(
    request([
      PLATE_A,
      PLATE_B,
      { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2, quantity_options: [4] },
      { kind: 'product', slug: 'welding-cart', tier: 'design' },
    ]),
    quoteOptions(),
  );
  const [a, b, feeder, cart] = quote.items;

  it('prices plate A: 6 x 4 in 1/4 in mild steel, 4 holes, 1 bend, 10 pieces', () => {
    // Outline 24 in2, holes 4 x pi x 0.25^2 = 0.785398 in2: net 23.214602 in2.
    // Cut 2 x (6 + 4) + 4 x pi x 0.5 = 26.283185 in; 5 pierces. Feed 180 in/min, pierce 0.4 s.
    // cutting: 26.283185 / 180 x 60 = 8.761062 s + 5 x 0.4 s = 10.761062 s x 5 c = 53.81 -> 54
    // handling: 75 + 23.214602 x 0.0709 = 1.645915 lb x 8 c = 13.17 -> 13: 88
    // bending: 45 s x 12,000 c / 3,600 s = 150. Piece 54 + 88 + 150 = 292. Job: 1,200 + 2,000 = 3,200.
    // material: 252 pieces fit a 60 x 120 in sheet (9 x 28), each pays 7,200 / 252 = 28.5714 in2
    // x 0.0709 lb/in2 x 135 c: 10 pieces 2,735 c, 1 piece 273 c, 100 pieces 27,347 c; and 1/252 of
    // loading the sheet: 10 pieces 60 c, 1 piece 6 c, 100 pieces 595 c.
    // 10 pieces: 3,200 + 2,735 + 60 + 2,920 = 8,915 -> 892 each (891.5 rounds up).
    // 1 piece: 3,771. 100 pieces: 3,200 + 27,347 + 595 + 29,200 = 60,342 -> 603 each.
    expect(a).toMatchObject({
      index: 0,
      kind: 'plate',
      description: 'Plate 6 x 4 in rectangle, 1/4 in mild steel, 4 holes, 1 bend, 252 per 60 x 120 in sheet',
      label: 'Base plate A',
      status: 'ready',
      price_type: 'firm',
      quantity: 10,
      unit_amount_cents: 892,
      amount_cents: 8_915,
      quantity_options: [
        { quantity: 1, unit_amount_cents: 3_771, amount_cents: 3_771 },
        { quantity: 100, unit_amount_cents: 603, amount_cents: 60_342 },
      ],
      delivery: { status: 'priced_at_checkout' },
      // Stocked plate with a bend: 5-7 business days.
      lead_time: { days_min: 5, days_max: 7 },
      issues: [],
      product: null,
    });
    expect(a?.plate).toEqual({
      material: 'mild_steel',
      thickness_in: 0.25,
      width_in: 6,
      height_in: 4,
      hole_count: 4,
      slot_count: 0,
      bend_count: 1,
      weight_lb: 1.646,
      cut_length_in: 26.283,
      preview_url: 'https://quote.example.ca/api/v1/quotes/q_test0000000000000000001/items/0/preview.svg',
    });
  });

  it('prices plate B: a 10 in 304 stainless ring with six holes, 4 pieces', () => {
    // Outline pi x (5^2 - 2^2) = 65.973446 in2, holes 6 x pi x 0.0625 = 1.178097: net 64.795348 in2.
    // Cut pi x (10 + 4) + 6 x pi x 0.5 = 17 pi = 53.407075 in; 8 pierces (2 for the ring, 6 holes).
    // 3/16 in 304: feed 250 in/min, pierce 0.3 s; lb per in2 = 0.1875 x 0.289 = 0.0541875.
    // cutting: 53.407075 / 250 x 60 = 12.817698 s + 2.4 s = 15.217698 s x 5 c = 76.09 -> 76
    // handling: 75 + 64.795348 x 0.0541875 = 3.511098 lb x 8 c = 28.09 -> 28: 103. Piece 179. Job 1,200 (no bends).
    // material: 55 rings fit a sheet (5 x 11 on a 10.25 in pitch); each pays 7,200 / 55 = 130.909 in2
    // x 0.0541875 lb/in2 = 7.093636 lb x 450 c = 3,192.1 c: 4 pieces 12,769 c, 1 piece 3,192, 25 pieces 79,803;
    // loading 1,500 / 55 = 27.27 c a piece: 4 pieces 109, 1 piece 27, 25 pieces 682.
    // 4 pieces: 1,200 + 12,769 + 109 + 716 = 14,794 -> 3,699 each (3,698.5). 1: 4,598.
    // 25: 1,200 + 79,803 + 682 + 4,475 = 86,160 -> 3,446.
    expect(b).toMatchObject({
      description: 'Plate 10 in ring with a 4 in bore, 3/16 in 304 stainless, 6 holes, 55 per 60 x 120 in sheet',
      label: null,
      status: 'ready',
      quantity: 4,
      unit_amount_cents: 3_699,
      amount_cents: 14_794,
      quantity_options: [
        { quantity: 1, unit_amount_cents: 4_598, amount_cents: 4_598 },
        { quantity: 25, unit_amount_cents: 3_446, amount_cents: 86_160 },
      ],
      // Stocked, not bent: 3-5 business days.
      lead_time: { days_min: 3, days_max: 5 },
      issues: [],
    });
    expect(b?.plate).toMatchObject({ width_in: 10, height_in: 10, hole_count: 6, weight_lb: 3.511, cut_length_in: 53.407 });
  });

  it('prices product items at the tier price times the quantity', () => {
    // Round bale feeder kit 1,577.00 (its bill) x 2 = 3,154.00; option of 4: 6,308.00.
    expect(feeder).toMatchObject({
      index: 2,
      kind: 'product',
      description: 'Round bale feeder — kit',
      status: 'ready',
      quantity: 2,
      unit_amount_cents: 157_700,
      amount_cents: 315_400,
      quantity_options: [{ quantity: 4, unit_amount_cents: 157_700, amount_cents: 630_800 }],
      delivery: { status: 'quoted_after_order' },
      // One kit takes 10 days; the second adds a quarter of a day, rounded up to a whole day.
      lead_time: { days_min: 11, days_max: 11 },
      plate: null,
      product: { slug: 'round-bale-feeder', tier: 'kit', product_url: 'https://shop.example.ca/products/round-bale-feeder' },
    });
    expect(feeder?.includes).toEqual(catalog.getProduct('round-bale-feeder')?.tiers[1]?.includes);
    // Welding cart design package 39.00, bought once, nothing ships.
    expect(cart).toMatchObject({
      description: 'Welding cart — design package',
      quantity: 1,
      unit_amount_cents: 3_900,
      amount_cents: 3_900,
      quantity_options: [],
      delivery: { status: 'not_applicable' },
      lead_time: { days_min: 1, days_max: 1 },
    });
  });

  it('totals the quote: subtotal, HST rounded to the cent, total', () => {
    // 8,915 + 14,794 + 315,400 + 3,900 = 343,009; HST 343,009 x 13 / 100 = 44,591.17 -> 44,591.
    expect(quote).toMatchObject({
      object: 'quote',
      id: 'q_test0000000000000000001',
      status: 'ready',
      price_type: 'firm',
      beta: false,
      notice: null,
      currency: 'cad',
      amount_subtotal_cents: 343_009,
      amount_tax_cents: 44_591,
      amount_total_cents: 387_600,
      issues: [],
      created_at: '2026-03-02T14:05:09.123Z',
      expires_at: '2026-03-09T14:05:09.123Z',
    });
    expect(quote.tax_note).toMatch(/HST 13% \(Ontario\) on the subtotal/);
  });

  it('rounds half a cent of HST up on plate C, 5/16 in mild steel not stocked, 230 pieces', () => {
    // 5/16 in sits halfway between the 1/4 and 3/8 rows: feed 137.5 in/min, pierce 0.7 s.
    // lb per in2 = 0.3125 x 0.2836 = 0.088625.
    // cutting: 10 / 137.5 x 60 = 4.363636 s + 0.7 s = 5.063636 s x 5 c = 25.32 -> 25
    // handling: 75 + 6 x 0.088625 = 0.53175 lb x 8 c = 4.25 -> 4: 79. Piece 104; job 1,200.
    // material: 954 fit a sheet (18 x 53); 230 pieces pay 230 x 7,200 / 954 = 1,735.849 in2, 153.840 lb,
    // 20,768 c; loading 230 / 954 x 1,500 = 361.6 -> 362 c.
    // 1,200 + 20,768 + 362 + 23,920 = 46,250 -> 201 each (201.09). HST 46,250 x 13 / 100 = 6,012.5 -> 6,013.
    const c = priceQuote(request([{ ...PLATE_C, quantity: 230 }]), quoteOptions('q_c'));
    expect(c.items[0]).toMatchObject({
      description: 'Plate 3 x 2 in rectangle, 5/16 in mild steel, 954 per 60 x 120 in sheet',
      label: 'Gusset #3 (left)',
      unit_amount_cents: 201,
      amount_cents: 46_250,
      // 1 piece: 1,200 + 90 + 2 + 104 = 1,396 is under the piece minimum: 1,700.
      quantity_options: [{ quantity: 1, unit_amount_cents: 1_700, amount_cents: 1_700 }],
      // Not stocked: 3-5 + 5 days to bring the plate in.
      lead_time: { days_min: 8, days_max: 10 },
      issues: [{ code: 'plate_not_carried', severity: 'info', param: 'items[0].thickness_in' }],
    });
    expect(c).toMatchObject({ amount_subtotal_cents: 46_250, amount_tax_cents: 6_013, amount_total_cents: 52_263 });
  });

  it('states a lead time by the sheets of the nest, not the pieces: 251 small discs fit one sheet', () => {
    const discs = priceQuote(
      request([{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.28 }, quantity: 251 }]),
      quoteOptions(),
    );
    expect(discs.items[0]).toMatchObject({ description: 'Plate 2.28 in circle, 12 ga (0.1046 in) mild steel, 1,081 per 60 x 120 in sheet', lead_time: { days_min: 3, days_max: 5 }, issues: [] });
  });

  it('confirms the lead time after the order past 10 sheets', () => {
    // 48 x 96 in 1/2 in mild steel: one a sheet. 10 pieces are stated, 11 are not.
    const plate = (quantity: number) =>
      priceQuote(request([{ kind: 'plate', material: 'mild_steel', thickness_in: 0.5, outline: { kind: 'rectangle', width_in: 48, height_in: 96 }, quantity }]), quoteOptions()).items[0]!;
    expect(plate(10).lead_time).toEqual({ days_min: 3, days_max: 5, note: 'Business days from the order, ready to ship or pick up; includes cutting.' });
    const eleven = plate(11);
    expect(eleven.lead_time).toBeNull();
    expect(eleven.issues.map((i) => [i.code, i.severity, i.param, i.message])).toEqual([
      ['lead_time_after_order', 'info', 'items[0].quantity', 'The lead time for 11 pieces (11 sheets) is confirmed after the order; up to 10 sheets take 3-5 business days.'],
    ]);
  });

  it('confirms the lead time after the order past 8 press-brake hours', () => {
    // Plate A's bend takes 45 s a piece, plus 10 min of set-up: 600 pieces 7.7 h, 700 pieces 8.9 h.
    const plateA = (quantity: number) => priceQuote(request([{ ...PLATE_A, quantity, quantity_options: [] }]), quoteOptions()).items[0]!;
    expect(plateA(600).lead_time).toMatchObject({ days_min: 5, days_max: 7 });
    const many = plateA(700);
    expect(many.lead_time).toBeNull();
    expect(many.issues.map((i) => i.message)).toEqual([
      'The lead time for 700 pieces (3 sheets, 8.9 press-brake hours) is confirmed after the order; up to 10 sheets and 8 press-brake hours take 5-7 business days.',
    ]);
  });

  it('returns the Quote of the contract with its keys in the contract order', () => {
    expect(Quote.parse(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    expect(Object.keys(quote)).toEqual([
      'object', 'id', 'status', 'price_type', 'beta', 'notice', 'currency', 'items', 'amount_subtotal_cents',
      'amount_tax_cents', 'amount_total_cents', 'tax_note', 'issues', 'price_book', 'created_at', 'expires_at',
    ]);
    expect(quote.price_book).toBe(PRICE_BOOK.version);
    for (const item of quote.items) {
      expect(Object.keys(item)).toEqual([
        'index', 'kind', 'description', 'label', 'status', 'price_type', 'quantity', 'quantity_options',
        'unit_amount_cents', 'amount_cents', 'includes', 'delivery', 'lead_time', 'issues', 'plate', 'product',
      ]);
    }
    expect(Object.keys(a?.plate ?? {})).toEqual([
      'material', 'thickness_in', 'width_in', 'height_in', 'hole_count', 'slot_count', 'bend_count', 'weight_lb',
      'cut_length_in', 'preview_url',
    ]);
  });

  it('gives the same bytes for the same request and moment', () => {
    const again = priceQuote(
      request([PLATE_A, PLATE_B, { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2, quantity_options: [4] }, { kind: 'product', slug: 'welding-cart', tier: 'design' }]),
      quoteOptions(),
    );
    expect(JSON.stringify(again)).toBe(JSON.stringify(quote));
  });

  it('keeps created_at as given, to the millisecond, and expires 7 days later', () => {
    expect(quote.created_at).toBe(NOW.toISOString());
    expect(Date.parse(quote.expires_at) - Date.parse(quote.created_at)).toBe(7 * 86_400_000);
  });
});
