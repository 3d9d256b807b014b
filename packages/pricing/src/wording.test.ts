// Reads every description and note of the catalog, and a sample of quotes, the way a customer reads
// them: no claim that is untrue of the item in front of them, and no slip of grammar.
import { createCatalog } from '@shop/catalog';
import type { PlateItemInput, ProductTier, Quote, QuotedItem, TierKind } from '@shop/contracts';
import { priceQuote } from './price-quote';
import { catalog, quoteOptions, request } from './test-fixtures';

/** Faults any sentence a person reads must not have; each names what it caught. */
function grammarFaults(text: string): string[] {
  const faults: string[] = [];
  // "a 8 in bore", "a 11 in", "a 18° point", "a 80 lb": the figure is read "eight", "eleven"...
  for (const match of text.matchAll(/\ba (8[\d.,]*|11(?:[.,]\d+)?|18(?:[.,]\d+)?)\b/g)) faults.push(`"a ${match[1]}" should be "an ${match[1]}"`);
  for (const match of text.matchAll(/\ban ([0-79][\d.,]*)\b/g)) {
    if (!/^(11|18)([.,]\d+)?$/.test(match[1]!)) faults.push(`"an ${match[1]}" should be "a ${match[1]}"`);
  }
  for (const match of text.matchAll(/\b1 (days|pieces|holes|slots|bends|units|kits|lines)\b/g)) faults.push(`"1 ${match[1]}"`);
  if (/ {2}/.test(text)) faults.push('a double space');
  if (/ [,.;:]/.test(text)) faults.push('a space before punctuation');
  if (/\bundefined\b|\bnull\b|NaN/.test(text)) faults.push('a value leaked into the words');
  return faults;
}

function expectClean(texts: Iterable<[string, string]>): void {
  const faults: string[] = [];
  for (const [where, text] of texts) for (const fault of grammarFaults(text)) faults.push(`${where}: ${fault} in "${text}"`);
  expect(faults).toEqual([]);
}

/** Every string of a quote a person reads. */
function* quoteWords(quote: Quote): Generator<[string, string]> {
  for (const item of quote.items) {
    const at = `items[${item.index}]`;
    yield [`${at}.description`, item.description];
    for (const [i, line] of item.includes.entries()) yield [`${at}.includes[${i}]`, line];
    if (item.delivery.note) yield [`${at}.delivery.note`, item.delivery.note];
    if (item.lead_time) yield [`${at}.lead_time.note`, item.lead_time.note];
    for (const issue of item.issues) yield [`${at}.issues.${issue.code}`, issue.message];
  }
}

const products = catalog.listProducts({ limit: 50 }).data;
const materials = catalog.listMaterials();
const tierOf = (slug: string, kind: TierKind): ProductTier => products.find((p) => p.slug === slug)!.tiers.find((t) => t.kind === kind)!;

describe('the catalog, read in full', () => {
  it('has no slip of grammar in any name, blurb, tier label, include, note or lead time', () => {
    const texts: Array<[string, string]> = [];
    for (const product of products) {
      texts.push([`${product.slug}.name`, product.name], [`${product.slug}.blurb`, product.blurb]);
      if (product.certification_note) texts.push([`${product.slug}.certification_note`, product.certification_note]);
      for (const tier of product.tiers) {
        texts.push([`${product.slug}.${tier.kind}.label`, tier.label]);
        for (const line of tier.includes) texts.push([`${product.slug}.${tier.kind}.includes`, line]);
      }
    }
    for (const material of materials) {
      texts.push([`${material.id}.name`, material.name]);
      for (const offer of material.thicknesses) {
        texts.push([`${material.id}.${offer.thickness_in}.label`, offer.label]);
        if (offer.lead_time) texts.push([`${material.id}.${offer.thickness_in}.lead_time`, offer.lead_time.note]);
      }
    }
    expect(texts.length).toBeGreaterThan(150);
    expectClean(texts);
  });

  it('says "ready to weld" only of a kit its buyer welds, and "bolt together" only of a kit that comes with its bolts', () => {
    for (const product of products) {
      const kit = product.tiers.find((tier) => tier.kind === 'kit')!;
      const bolted = /bolt together/.test(kit.label);
      expect([product.slug, bolted || /ready to weld/.test(kit.label)]).toEqual([product.slug, true]);
      if (bolted) expect([product.slug, kit.includes.some((line) => /bolts/i.test(line))]).toEqual([product.slug, true]);
    }
    // The mezzanine's kit is columns, beams and structural bolts: bolted, never welded by the buyer.
    expect(tierOf('mezzanine-platform-10x12', 'kit').label).toMatch(/ready to bolt together/);
    expect(tierOf('round-bale-feeder', 'kit').label).toMatch(/ready to weld/);
  });

  it('promises DXF cut files only for a product that has plate parts, and a cut list for one made of members', () => {
    const platePart = /\bplates?\b|\btabs?\b|\bsheet\b|\bshel(f|ves)\b|\bpanels?\b|\bgussets?\b|\bhopper\b|\bskid\b/i;
    for (const product of products) {
      const design = product.tiers.find((tier) => tier.kind === 'design')!;
      const built = product.tiers.filter((tier) => tier.kind !== 'design').flatMap((tier) => tier.includes);
      const hasPlates = [product.blurb, ...built].some((text) => platePart.test(text));
      expect([product.slug, design.includes.includes('DXF cut files for every plate part')]).toEqual([product.slug, hasPlates]);
    }
    // A gate of tube and a ramp of angle and expanded metal: cut lists, no DXF.
    expect(tierOf('livestock-gate-12ft', 'design').includes).not.toContain('DXF cut files for every plate part');
    expect(tierOf('livestock-gate-12ft', 'design').includes).toContain('Cut list of every tube and structural member, with lengths, copes and notches');
  });

  it('names the days bending adds only on a thickness that is bent', () => {
    const bendLimits = catalog.priceTables.bending.maxThicknessIn;
    let named = 0;
    for (const material of materials) {
      for (const offer of material.thicknesses) {
        if (!offer.lead_time) continue;
        const limit = bendLimits[material.id];
        const bent = limit !== null && offer.thickness_in <= limit;
        expect([material.id, offer.thickness_in, /bending adds 2 days/.test(offer.lead_time.note)]).toEqual([material.id, offer.thickness_in, bent]);
        if (bent) named += 1;
      }
    }
    expect(named).toBeGreaterThan(20);
    expect(materials.find((m) => m.id === 'aluminum_6061')!.thicknesses.every((offer) => !/bend/.test(offer.lead_time?.note ?? ''))).toBe(true);
  });
});

describe('a sample of quotes, read in full', () => {
  const plate = (extra: Partial<PlateItemInput>): PlateItemInput => ({
    kind: 'plate',
    material: 'mild_steel',
    thickness_in: 0.25,
    outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
    ...extra,
  });
  const items: QuotedItem[] = priceQuote(
    request([
      plate({ outline: { kind: 'ring', outer_diameter_in: 12, inner_diameter_in: 8 } }),
      plate({ outline: { kind: 'ring', outer_diameter_in: 20, inner_diameter_in: 11 }, material: 'aluminum_6061' }),
      // 40 x 50 in: three a 60 x 144 in sheet, so 33 pieces need 11 sheets, past the 10 a lead time is stated for.
      plate({ thickness_in: 0.3125, outline: { kind: 'rectangle', width_in: 40, height_in: 50 }, quantity: 33 }),
      plate({ thickness_in: 0.3125, quantity: 10 }),
      plate({ material: 'aluminum_6061', quantity: 1 }),
      plate({ bends: [{ start_in: [3, 0], end_in: [3, 4] }], quantity: 18 }),
      plate({ material: 'stainless_316', thickness_in: 0.25, holes: [{ kind: 'single', x_in: 3, y_in: 2, diameter_in: 0.125 }] }),
      { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 },
      { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 20 },
      { kind: 'product', slug: 'mezzanine-platform-10x12', tier: 'kit', quantity: 1 },
    ]),
    quoteOptions(),
  ).items;
  const [ring8, ring11, bigUncarried, uncarried, aluminum, bent, stainless, oneKit, twentyKits, mezzanine] = items as [QuotedItem, ...QuotedItem[]];

  it('has no slip of grammar anywhere', () => {
    const quote = { items } as Quote;
    expectClean(quoteWords(quote));
    expect(ring8.description).toBe('Plate 12 in ring with an 8 in bore, 1/4 in mild steel, 44 per 60 x 144 in sheet');
    expect(ring11!.description).toBe('Plate 20 in ring with an 11 in bore, 1/4 in 6061-T6 aluminum, 8 per 48 x 96 in sheet');
  });

  it('says bringing the plate in is included in the lead time only when there is one', () => {
    expect(bigUncarried!.lead_time).toBeNull();
    const note = bigUncarried!.issues.find((issue) => issue.code === 'plate_not_carried')!.message;
    expect(note).toBe('5/16 in mild steel is not stocked: bringing the plate in adds 5 business days.');
    expect(uncarried!.issues.find((issue) => issue.code === 'plate_not_carried')!.message).toBe(
      '5/16 in mild steel is not stocked: bringing the plate in adds 5 business days, included in the lead time.',
    );
    expect(uncarried!.lead_time).toMatchObject({ days_min: 8, days_max: 10 });
  });

  it('speaks of bending only on a bent part', () => {
    for (const item of items.filter((i) => i.kind === 'plate')) {
      const bentPart = item.plate!.bend_count > 0;
      expect([item.index, [...quoteWords({ items: [item] } as Quote)].some(([, text]) => /bend/i.test(text))]).toEqual([item.index, bentPart]);
    }
    expect(bent!.lead_time!.note).toBe('Business days from the order, ready to ship or pick up; includes cutting and bending.');
  });

  it('lists the mill certificate with steel and stainless plate, and none with aluminum', () => {
    expect(ring8.includes).toContain('Mill test certificate (CSA G40.21 44W / ASTM A36) for the heat the plate is cut from');
    expect(stainless!.includes).toContain('Mill test certificate (EN 10204 3.1, ASTM A240 316/316L) for the heat the plate is cut from');
    expect(aluminum!.includes.some((line) => /certificate/i.test(line))).toBe(false);
  });

  it('grows a product lead time with the quantity: twenty kits are not ready as fast as one', () => {
    expect(oneKit!.lead_time).toEqual({ days_min: 10, days_max: 10, note: 'Business days from the order until the kit is cut and ready to ship or pick up; freight not included.' });
    // 19 more kits at 4 a day: 5 more days.
    expect(twentyKits!.lead_time).toEqual({
      days_min: 15,
      days_max: 15,
      note: 'Business days from the order until the 20 kits are cut and ready to ship or pick up; freight not included (one takes 10).',
    });
  });

  it('carries the product certification note on the quote', () => {
    const note = mezzanine!.issues.find((issue) => issue.code === 'certification_note')!;
    expect(note).toEqual({
      code: 'certification_note',
      severity: 'info',
      message: products.find((p) => p.slug === 'mezzanine-platform-10x12')!.certification_note,
      param: 'items[9].slug',
    });
    expect(oneKit!.issues).toEqual([]);
  });

  it('reads the same with plate orders switched off for the products', () => {
    const off = createCatalog({ shopUrl: 'https://shop.example.ca', plateOrdersEnabled: false });
    const quote = priceQuote(request([{ kind: 'product', slug: 'utility-trailer-5x10', tier: 'kit', quantity: 3 }]), { ...quoteOptions(), catalog: off });
    expectClean(quoteWords(quote));
    expect(quote.items[0]!.issues.map((issue) => issue.code)).toEqual(['certification_note']);
  });
});
