import { Quote } from '@shop/contracts';
import { priceQuote } from './price-quote';
import { catalog, NOW, PLATE_A, PLATE_B, PLATE_C, quoteOptions, request } from './test-fixtures';
import { PRICE_BOOK } from '@shop/catalog';

// Figures of the catalog used below (CAD): mild steel plate 0.2836 lb/in3 sold at 2.978937/lb, 304
// 0.289 lb/in3 at 6.3566802/lb (index x 1.38 x the service-centre multiplier x 1.20 remnant x 1.30 margin);
// laser 180/h = 5 c/s; labour 85/h = 2.3611 c/s; press brake 120/h; programming 8 min at 120/h = 16.00 per
// item and the batch's minute of labour, 1.42; a sheet 10 min of laser to load and 10 min of labour to unload
// (44.17), shared by the pieces on it; bend set-up 10 min of brake = 20.00 per bend line; a contour: pierce +
// 1.5 s of laser and 8 s of labour; a piece over 4 in: 3 s + 3 lifts of 30 s + 0.5 s a lb, and deburring by
// hand 1 s an inch of cut + 15 s per in2 of cut edge; minimum 26.00 a piece, 50.00 an item at most.

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
    // Cut 2 x (6 + 4) + 4 x pi x 0.5 = 26.283185 in; 5 contours. Feed 105.97 in/min, pierce 1.112 s.
    // cutting: 26.283185 / 105.97 x 60 = 14.881 s x 5 c = 74.4 -> 74
    // contours: 5 x (1.112 + 1.5) s x 5 c + 5 x 8 s x 2.3611 c = 65.3 + 94.4 -> 160
    // handling: 3 + 3 x (30 + 0.5 x 1.645915 lb) = 95.47 s x 2.3611 c = 225.4 -> 225
    // bending: 45 s x 12,000 c / 3,600 s = 150. Piece 74 + 160 + 225 + 150 = 609.
    // deburring by hand (6 in is past the tumbler): 26.283185 + 15 x 26.283185 x 0.25 = 124.85 s -> 295 a piece.
    // Job: 1,600 + 2,000 = 3,600; the batch 142.
    // material: 165 pieces fit a 48 x 96 in sheet (the cheapest share: 27.93 in2 a piece, against 28.57 on a
    // 60 x 120), x 0.0709 lb/in2 x 297.8937 c: 10 pieces 5,898 c, 1 piece 590 c, 100 pieces 58,984 c; and
    // 1/165 of the sheet's 4,417: 10 pieces 268 c, 1 piece 27 c, 100 pieces 2,677 c.
    // 10 pieces: 3,600 + 142 + 5,898 + 268 + 6,090 + 2,950 = 18,948 -> 1,895 each (1,894.8).
    // 1 piece: 5,263. 100 pieces: 3,600 + 142 + 58,984 + 2,677 + 60,900 + 29,500 = 155,803 -> 1,558 each.
    expect(a).toMatchObject({
      index: 0,
      kind: 'plate',
      description: 'Plate 6 x 4 in rectangle, 1/4 in mild steel, 4 holes, 1 bend, 165 per 48 x 96 in sheet',
      label: 'Base plate A',
      status: 'ready',
      price_type: 'firm',
      quantity: 10,
      unit_amount_cents: 1_895,
      amount_cents: 18_948,
      quantity_options: [
        { quantity: 1, unit_amount_cents: 5_263, amount_cents: 5_263 },
        { quantity: 100, unit_amount_cents: 1_558, amount_cents: 155_803 },
      ],
      delivery: { status: 'quoted_after_order', note: 'Freight is quoted by the shop after the order and is not in this quote; pick-up at the shop is free.' },
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
    // 3/16 in 304 (4.76 mm, between the chart's 4 and 8 mm rows): feed 189.38 in/min, pierce 0.812 s;
    // lb per in2 = 0.1875 x 0.289 = 0.0541875.
    // cutting: 53.407075 / 189.38 x 60 = 16.92 s x 5 c = 84.6 -> 85
    // contours: 8 x (0.812 + 1.5) s x 5 c + 8 x 8 s x 2.3611 c = 92.5 + 151.1 -> 244
    // handling: 3 + 3 x (30 + 0.5 x 3.511098 lb) = 98.27 s x 2.3611 c = 232. Piece 85 + 244 + 232 = 561.
    // deburring by hand: 53.407075 + 15 x 53.407075 x 0.1875 = 203.62 s -> 481 a piece. Job 1,600, batch 142.
    // material: 36 rings fit a 48 x 96 in sheet (4 x 9 on a 10.25 in pitch; 55 fit a 60 x 120, 65 a 60 x 144,
    // dearer shares); each pays 4,608 / 36 = 128 in2 x 0.0541875 lb/in2 = 6.936 lb x 635.668 c = 4,409 c:
    // 4 pieces 17,636 c, 1 piece 4,409, 25 pieces 110,225; the sheet's 4,417 / 36 = 122.7 c a piece: 4 pieces
    // 491, 1 piece 123, 25 pieces 3,067.
    // 4 pieces: 1,600 + 142 + 17,636 + 491 + 2,244 + 1,924 = 24,037 -> 6,009 each. 1: 7,316.
    // 25: 1,600 + 142 + 110,225 + 3,067 + 14,025 + 12,025 = 141,084 -> 5,643.
    expect(b).toMatchObject({
      description: 'Plate 10 in ring with a 4 in bore, 3/16 in 304 stainless, 6 holes, 36 per 48 x 96 in sheet',
      label: null,
      status: 'ready',
      quantity: 4,
      unit_amount_cents: 6_009,
      amount_cents: 24_037,
      quantity_options: [
        { quantity: 1, unit_amount_cents: 7_316, amount_cents: 7_316 },
        { quantity: 25, unit_amount_cents: 5_643, amount_cents: 141_084 },
      ],
      // Stocked, not bent: 3-5 business days.
      lead_time: { days_min: 3, days_max: 5 },
      issues: [],
    });
    expect(b?.plate).toMatchObject({ width_in: 10, height_in: 10, hole_count: 6, weight_lb: 3.511, cut_length_in: 53.407 });
  });

  it('prices product items at the tier price times the quantity', () => {
    // Round bale feeder kit 1,504.00 (its bill) x 2 = 3,008.00; option of 4: 6,016.00.
    expect(feeder).toMatchObject({
      index: 2,
      kind: 'product',
      description: 'Round bale feeder — kit',
      status: 'ready',
      quantity: 2,
      unit_amount_cents: 150_400,
      amount_cents: 300_800,
      quantity_options: [{ quantity: 4, unit_amount_cents: 150_400, amount_cents: 601_600 }],
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
    // 18,948 + 24,037 + 300,800 + 3,900 = 347,685; HST 347,685 x 13 / 100 = 45,199.05 -> 45,199.
    expect(quote).toMatchObject({
      object: 'quote',
      id: 'q_test0000000000000000001',
      status: 'ready',
      price_type: 'firm',
      beta: false,
      notice: null,
      currency: 'cad',
      amount_subtotal_cents: 347_685,
      amount_tax_cents: 45_199,
      amount_total_cents: 392_884,
      issues: [],
      created_at: '2026-03-02T14:05:09.123Z',
      expires_at: '2026-03-09T14:05:09.123Z',
    });
    expect(quote.tax_note).toMatch(/HST 13% \(Ontario\) on the subtotal/);
  });

  it('rounds half a cent of HST up on plate C, 5/16 in mild steel not stocked, 286 pieces', () => {
    // 5/16 in (7.94 mm) sits between the chart's 6 and 8 mm rows: feed 87.73 in/min, pierce 1.485 s.
    // lb per in2 = 0.3125 x 0.2836 = 0.088625.
    // cutting: 10 / 87.73 x 60 = 6.84 s x 5 c = 34; contour (1.485 + 1.5) s x 5 c + 8 s x 2.3611 c = 34
    // handling (5/16 in is past the tumbler's 1/4 in: lifted): 3 + 3 x (30 + 0.5 x 0.53175 lb) = 93.80 s -> 221.
    // Piece 289; deburring by hand 10 + 15 x 10 x 0.3125 = 56.875 s -> 134; job 1,600, batch 142.
    // material: 1,144 fit a 60 x 144 in sheet (22 x 52), the cheapest share; 286 pieces pay 286 x 8,640 / 1,144
    // = 2,160 in2, 191.43 lb x 297.8937 c = 57,026 c; the sheet 286 / 1,144 x 4,417 = 1,104.25 -> 1,104 c.
    // 1,600 + 142 + 57,026 + 1,104 + 82,654 + 38,324 = 180,850 -> 632 each (632.34).
    // HST 180,850 x 13 / 100 = 23,510.5 -> 23,511.
    const c = priceQuote(request([{ ...PLATE_C, quantity: 286 }]), quoteOptions('q_c'));
    expect(c.items[0]).toMatchObject({
      description: 'Plate 3 x 2 in rectangle, 5/16 in mild steel, 1,144 per 60 x 144 in sheet',
      label: 'Gusset #3 (left)',
      unit_amount_cents: 632,
      amount_cents: 180_850,
      // 1 piece: 1,600 + 142 + 199 + 4 + 289 + 134 = 2,368 is under the piece minimum: 2,600.
      quantity_options: [{ quantity: 1, unit_amount_cents: 2_600, amount_cents: 2_600 }],
      // Not stocked: 3-5 + 5 days to bring the plate in.
      lead_time: { days_min: 8, days_max: 10 },
      issues: [{ code: 'plate_not_carried', severity: 'info', param: 'items[0].thickness_in' }],
    });
    expect(c).toMatchObject({ amount_subtotal_cents: 180_850, amount_tax_cents: 23_511, amount_total_cents: 204_361 });
  });

  it('states a lead time by the sheets of the nest, not the pieces: 251 small discs fit one sheet', () => {
    // 1,288 discs of 2.28 in fit a 60 x 144 in sheet (23 x 56 on a 2.53 in pitch), the cheapest share.
    const discs = priceQuote(
      request([{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.28 }, quantity: 251 }]),
      quoteOptions(),
    );
    expect(discs.items[0]).toMatchObject({ description: 'Plate 2.28 in circle, 12 ga (0.1046 in) mild steel, 1,288 per 60 x 144 in sheet', lead_time: { days_min: 3, days_max: 5 }, issues: [] });
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
    // Plate A's bend takes 45 s a piece, plus 10 min of set-up: 600 pieces 7.7 h, 700 pieces 8.9 h. The nest:
    // 165 a 48 x 96 in sheet, so 700 pieces take 5 sheets.
    const plateA = (quantity: number) => priceQuote(request([{ ...PLATE_A, quantity, quantity_options: [] }]), quoteOptions()).items[0]!;
    expect(plateA(600).lead_time).toMatchObject({ days_min: 5, days_max: 7 });
    const many = plateA(700);
    expect(many.lead_time).toBeNull();
    expect(many.issues.map((i) => i.message)).toEqual([
      'The lead time for 700 pieces (5 sheets, 8.9 press-brake hours) is confirmed after the order; up to 10 sheets and 8 press-brake hours take 5-7 business days.',
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
