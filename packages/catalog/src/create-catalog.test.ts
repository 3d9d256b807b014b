import { Material, PlateItem, Product, Profile, ServiceError } from '@shop/contracts';
import { analyzePlate } from '@shop/geometry';
import { createCatalog } from './create-catalog';
import { interpolateCut } from './plate-stock';
import { PRICE_TABLES } from './price-book';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca/' });
const query = { limit: 50 } as const;

function allProfiles(filters: { search?: string; profile_type?: Profile['profile_type'] } = {}, limit = 50): Profile[] {
  const out: Profile[] = [];
  let cursor: string | undefined;
  do {
    const page = catalog.listProfiles({ ...filters, limit, ...(cursor === undefined ? {} : { cursor }) });
    out.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return out;
}

describe('materials', () => {
  it('lists the four plate materials as valid Material objects', () => {
    const materials = catalog.listMaterials();
    expect(materials.map((m) => m.id)).toEqual(['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061']);
    for (const material of materials) expect(Material.parse(material)).toEqual(material);
  });

  it('sells mild steel from 16 ga to 4 in with the laser stopping at 1 in', () => {
    const mild = catalog.getMaterial('mild_steel');
    expect(mild?.max_laser_thickness_in).toBe(1);
    expect(mild?.thicknesses[0]).toMatchObject({ thickness_in: 0.0598, label: '16 ga (0.0598 in)', carried: true });
    expect(mild?.thicknesses.at(-1)).toMatchObject({ thickness_in: 4, lead_time: null });
    expect(mild?.thicknesses.find((t) => t.label === '10 ga (0.1345 in)')?.thickness_in).toBe(0.1345);
  });

  it('lists thicknesses thinnest first with no repeats', () => {
    for (const material of catalog.listMaterials()) {
      const values = material.thicknesses.map((t) => t.thickness_in);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('gives a lead time in business days for every thickness the laser cuts and none past it', () => {
    for (const material of catalog.listMaterials()) {
      for (const offer of material.thicknesses) {
        if (offer.thickness_in > material.max_laser_thickness_in) {
          expect(offer.lead_time).toBeNull();
        } else if (offer.carried) {
          expect(offer.lead_time).toMatchObject({ days_min: 3, days_max: 5 });
          expect(offer.lead_time?.note).toMatch(/Business days/);
        } else {
          expect(offer.lead_time).toMatchObject({ days_min: 8, days_max: 10 });
          expect(offer.lead_time?.note).toMatch(/bring the plate in/);
        }
      }
    }
  });

  it('stocks some sizes and not others in every material', () => {
    for (const material of catalog.listMaterials()) {
      expect(material.thicknesses.some((t) => t.carried)).toBe(true);
      expect(material.thicknesses.some((t) => !t.carried)).toBe(true);
    }
  });

  it('finds a thickness only by its exact value', () => {
    expect(catalog.findThickness('mild_steel', 0.25)).toMatchObject({ label: '1/4 in', carried: true });
    expect(catalog.findThickness('mild_steel', 0.2500001)).toBeUndefined();
    expect(catalog.findThickness('aluminum_6061', 0.1875)).toBeUndefined();
  });

  it('lists no materials and offers no plate stock while plate orders are off', () => {
    const off = createCatalog({ shopUrl: 'https://shop.example.ca', plateOrdersEnabled: false });
    expect(off.listMaterials()).toEqual([]);
    expect(off.getMaterial('mild_steel')).toBeUndefined();
    expect(off.findThickness('mild_steel', 0.25)).toBeUndefined();
    expect(off.findPlateStock('mild_steel', 0.25)).toBeUndefined();
  });

  it('hands out copies, so a caller cannot change the catalog', () => {
    const first = catalog.listMaterials();
    (first[0] as Material).thicknesses.length = 0;
    expect(catalog.listMaterials()[0]?.thicknesses.length).toBeGreaterThan(10);
  });
});

describe('plate stock', () => {
  it('interpolates feed and pierce time between the chart rows', () => {
    // 12 ga mild steel, 0.1046 in (2.66 mm), sits 0.65736 of the way from the 2 mm row (0.0787 in, 236 in/min,
    // 0.3 s) to the 3 mm row (0.1181 in, 150 in/min, 0.5 s): feed 236 - 0.65736 x 86 = 179.47 in/min,
    // pierce 0.3 + 0.65736 x 0.2 = 0.4315 s.
    const stock = catalog.findPlateStock('mild_steel', 0.1046);
    expect(stock?.feedInPerMin).toBeCloseTo(179.4670, 3);
    expect(stock?.pierceSeconds).toBeCloseTo(0.431472, 5);
  });

  it('uses a row as given when the thickness is on it and the end row outside the table', () => {
    expect(interpolateCut(catalog.priceTables.cutting.rows.mild_steel, 0.4724)).toEqual({ feedInPerMin: 47, pierceSeconds: 2.5 });
    // 20 ga stainless (0.0375 in) is thinner than the chart's 1 mm row; 2 in mild steel thicker than its 25 mm row.
    expect(catalog.findPlateStock('stainless_304', 0.0375)).toMatchObject({ feedInPerMin: 1772, pierceSeconds: 0.2 });
    expect(catalog.findPlateStock('mild_steel', 2)).toMatchObject({ feedInPerMin: 12, pierceSeconds: 6, laserCut: false });
  });

  it('sells a pound of plate at its index x USD to CAD x the service-centre multiplier, with the remnant allowance and margin', () => {
    // Mild steel sheet (to 10 ga) follows hot-rolled coil, USD 0.4475/lb; plate from 3/16 in the plate index, 0.5125.
    expect(catalog.findPlateStock('mild_steel', 0.1345)).toMatchObject({ indexUsdPerLb: 0.4475 });
    expect(catalog.findPlateStock('mild_steel', 0.1345)?.costCentsPerLb).toBeCloseTo(0.4475 * 1.38 * 2.7 * 100, 9);
    expect(catalog.findPlateStock('mild_steel', 0.1875)?.costCentsPerLb).toBeCloseTo(190.9575, 9);
    // Sold: cost x 1.20 x 1.30.
    expect(catalog.findPlateStock('mild_steel', 0.25)?.priceCentsPerLb).toBeCloseTo(297.8937, 9);
    expect(catalog.findPlateStock('stainless_304', 0.25)?.priceCentsPerLb).toBeCloseTo(1.905 * 1.38 * 1.55 * 100 * 1.56, 9);
    expect(catalog.findPlateStock('stainless_316', 0.25)?.priceCentsPerLb).toBeCloseTo(2.562 * 1.38 * 1.7 * 100 * 1.56, 9);
    expect(catalog.findPlateStock('aluminum_6061', 0.25)?.priceCentsPerLb).toBeCloseTo(2.182 * 1.38 * 1.85 * 100 * 1.56, 9);
  });

  it('stocks 48 x 96, 60 x 120 and 60 x 144 in sheets, 316 only the first two', () => {
    const sizes = (material: Parameters<typeof catalog.findPlateStock>[0]) => catalog.findPlateStock(material, 0.25)?.sheets.map((s) => `${s.widthIn} x ${s.heightIn}`);
    expect(sizes('mild_steel')).toEqual(['48 x 96', '60 x 120', '60 x 144']);
    expect(sizes('stainless_316')).toEqual(['48 x 96', '60 x 120']);
    // The checks let through parts up to 60 x 120 in, which every material stocks.
    expect(catalog.plateRules('stainless_316', 0.25)).toMatchObject({ sheetWidthIn: 60, sheetHeightIn: 120 });
  });

  it('bends mild steel to 1/2 in, stainless to 3/8 in and never 6061-T6', () => {
    expect(catalog.findPlateStock('mild_steel', 0.5)?.bendable).toBe(true);
    expect(catalog.findPlateStock('mild_steel', 0.625)?.bendable).toBe(false);
    expect(catalog.findPlateStock('stainless_316', 0.375)?.bendable).toBe(true);
    expect(catalog.findPlateStock('stainless_304', 0.5)?.bendable).toBe(false);
    expect(catalog.findPlateStock('aluminum_6061', 0.063)?.bendable).toBe(false);
  });

  it('times a bend by thickness: 10, 30, 45 and 60 seconds', () => {
    expect(catalog.findPlateStock('mild_steel', 0.0598)?.bendSecondsPerBend).toBe(10);
    expect(catalog.findPlateStock('mild_steel', 0.1345)?.bendSecondsPerBend).toBe(30);
    expect(catalog.findPlateStock('mild_steel', 0.25)?.bendSecondsPerBend).toBe(45);
    expect(catalog.findPlateStock('mild_steel', 0.375)?.bendSecondsPerBend).toBe(60);
  });

  it('gives the design rules the plate checks use: at 1/4 in, a web under the thickness blocks and a web of it passes', () => {
    const rules = catalog.plateRules('mild_steel', 0.25);
    // A 1/2 in hole whose edge is `web` from the plate's left edge, on a 6 x 4 in plate.
    const codes = (web: number, thickness = 0.25) =>
      analyzePlate(
        PlateItem.parse({
          kind: 'plate',
          material: 'mild_steel',
          thickness_in: thickness,
          outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
          holes: [{ kind: 'single', x_in: web + 0.25, y_in: 2, diameter_in: 0.5 }],
        }),
        rules,
      ).issues.map((issue) => issue.code);
    expect(codes(0.25)).toEqual([]);
    expect(codes(0.24)).toContain('hole_too_close_to_edge');
    // Thin stock: the web never falls under the 1/16 in floor.
    expect(codes(0.0625, 0.036)).toEqual([]);
    expect(codes(0.06, 0.036)).toContain('hole_too_close_to_edge');
    // A part fits the 60 x 120 in sheet in either direction, and no further.
    const sheet = (width: number, height: number) =>
      analyzePlate(PlateItem.parse({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: width, height_in: height } }), rules).issues.map((i) => i.code);
    expect(sheet(120, 60)).toEqual([]);
    expect(sheet(60.5, 120)).toContain('part_exceeds_sheet');
  });

  it('notes a source for every price table', () => {
    for (const table of Object.values(PRICE_TABLES)) {
      const sources = (table as { source: Array<{ name: string; url?: string; document?: string; date: string }> }).source;
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) {
        expect(source.url ?? source.document).toBeDefined();
        expect(source.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    expect(catalog.priceTables).toBe(PRICE_TABLES);
  });
});

describe('products', () => {
  const products = catalog.listProducts(query).data;

  it('has at least 10 valid products in at least 3 divisions, each with design, kit and welded tiers', () => {
    expect(products.length).toBeGreaterThanOrEqual(10);
    expect(new Set(products.map((p) => p.division)).size).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      expect(Product.parse(product)).toEqual(product);
      expect(product.tiers.map((t) => t.kind)).toEqual(['design', 'kit', 'welded']);
      for (const tier of product.tiers) expect(tier.includes.length).toBeGreaterThan(0);
    }
  });

  it('lists each division once, in catalog order', () => {
    expect(catalog.listDivisions()).toEqual(['farm', 'shop', 'trailer', 'structural']);
  });

  it('puts product pages under the shop address and pictures under the shop address by default', () => {
    for (const product of products) {
      expect(product.product_url).toBe(`https://shop.example.ca/products/${product.slug}`);
      expect(product.image_url).toBe(`https://shop.example.ca/images/products/${product.slug}.svg`);
    }
  });

  it('serves pictures from imagesUrl when given (the service\'s own address)', () => {
    const split = createCatalog({ shopUrl: 'https://shop.example.ca', imagesUrl: 'https://quotes.example.ca/' });
    const product = split.getProduct('round-bale-feeder');
    expect(product?.product_url).toBe('https://shop.example.ca/products/round-bale-feeder');
    expect(product?.image_url).toBe('https://quotes.example.ca/images/products/round-bale-feeder.svg');
  });

  it('prices a tier only when it is orderable, and some welded tiers are on request', () => {
    for (const tier of products.flatMap((p) => p.tiers)) expect(tier.orderable).toBe(tier.unit_amount_cents !== null);
    expect(products.filter((p) => p.tiers.some((t) => !t.orderable)).length).toBeGreaterThanOrEqual(2);
  });

  it('prices a design below its kit and a kit below its welded unit', () => {
    for (const product of products) {
      const [design, kit, welded] = product.tiers.map((t) => t.unit_amount_cents);
      expect(design).toBeLessThan(kit as number);
      if (welded !== null) expect(kit).toBeLessThan(welded as number);
    }
  });

  it('carries a certification note where one is needed', () => {
    const noted = products.filter((p) => p.certification_note !== null).map((p) => p.slug);
    expect(noted).toContain('mezzanine-platform-10x12');
  });

  it('finds a product by slug and nothing for an unknown slug', () => {
    expect(catalog.getProduct('round-bale-feeder')?.name).toBe('Round bale feeder');
    expect(catalog.getProduct('no-such-thing')).toBeUndefined();
  });

  it('searches words in any order and case across name, blurb and division', () => {
    const slugs = catalog.listProducts({ search: 'FEEDER bale', limit: 20 }).data.map((p) => p.slug);
    expect(slugs).toEqual(['round-bale-feeder']);
    const farm = catalog.listProducts({ division: 'farm', limit: 20 }).data;
    expect(farm.length).toBe(4);
    expect(catalog.listProducts({ search: 'trailer', limit: 20 }).data.every((p) => /trailer/i.test(`${p.name} ${p.blurb} ${p.division}`))).toBe(true);
  });

  it('pages products with a cursor', () => {
    const first = catalog.listProducts({ limit: 5 });
    expect(first.has_more).toBe(true);
    const second = catalog.listProducts({ limit: 5, cursor: first.next_cursor as string });
    expect(second.data[0]?.slug).toBe(products[5]?.slug);
  });
});

describe('profiles', () => {
  it('lists tube, angle and bar first with their dimension keys, then W and C shapes', () => {
    const all = allProfiles();
    expect(all.slice(0, 5).map((p) => [p.profile_type, Object.keys(p.dimensions ?? {})])).toEqual([
      ['HSS_SQUARE', ['size_in', 'wall_in']],
      ['HSS_RECT', ['width_in', 'height_in', 'wall_in']],
      ['ANGLE', ['leg_a_in', 'leg_b_in', 'thickness_in']],
      ['FLAT_BAR', ['width_in', 'thickness_in']],
      ['ROUND_BAR', ['diameter_in']],
    ]);
    for (const profile of all) expect(Profile.parse(profile)).toEqual(profile);
    const types = all.slice(5).map((p) => p.profile_type);
    expect(types.indexOf('CHANNEL')).toBe(types.lastIndexOf('I_BEAM') + 1);
  });

  it('states the rule between dimensions in the note', () => {
    const [, rect, angle, flat] = allProfiles();
    expect(rect?.note).toMatch(/height_in must be at least width_in/);
    expect(angle?.note).toMatch(/leg_b_in must be at most leg_a_in/);
    expect(flat?.note).toMatch(/thickness_in must be less than width_in/);
  });

  it('covers W4 to W24 and C3 to C15 as AISC writes them, with weight per foot', () => {
    const beams = allProfiles({ profile_type: 'I_BEAM' });
    expect(beams[0]).toMatchObject({ designation: 'W4X13', weight_lb_per_ft: 13, dimensions: null });
    expect(beams.at(-1)?.designation).toMatch(/^W24X/);
    const channels = allProfiles({ profile_type: 'CHANNEL' });
    expect(channels[0]?.designation).toBe('C3X3.5');
    expect(channels.find((c) => c.designation === 'C10X20')?.weight_lb_per_ft).toBe(20);
    expect(channels.at(-1)?.designation).toMatch(/^C15X/);
  });

  it('orders W shapes by depth then weight', () => {
    const designations = allProfiles({ profile_type: 'I_BEAM' }).map((p) => p.designation as string);
    const keys = designations.map((d) => d.slice(1).split('X').map(Number) as [number, number]);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
  });

  it('finds a designation ignoring case and spaces', () => {
    expect(catalog.listProfiles({ search: 'w 8x31', limit: 20 }).data.map((p) => p.designation)).toEqual(['W8X31']);
    expect(catalog.listProfiles({ search: 'c10 X 20', limit: 20 }).data.map((p) => p.designation)).toEqual(['C10X20']);
    expect(catalog.listProfiles({ search: 'Flat Bar', limit: 20 }).data.map((p) => p.profile_type)).toEqual(['FLAT_BAR']);
  });

  it('pages through every profile once with next_cursor', () => {
    const paged = allProfiles({}, 7).map((p) => `${p.profile_type}:${p.designation}`);
    const whole = allProfiles({}, 50).map((p) => `${p.profile_type}:${p.designation}`);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it('refuses a cursor it did not make, or one made for other filters', () => {
    const page = catalog.listProfiles({ profile_type: 'I_BEAM', limit: 5 });
    const next = page.next_cursor as string;
    expect(next.length).toBeLessThanOrEqual(40);
    for (const cursor of ['nonsense', 'YzE6NTow', next.slice(0, -2)]) {
      expect(() => catalog.listProfiles({ limit: 5, cursor })).toThrow(ServiceError);
    }
    try {
      catalog.listProfiles({ profile_type: 'CHANNEL', limit: 5, cursor: next });
      throw new Error('expected a ServiceError');
    } catch (error) {
      expect(error).toMatchObject({ code: 'parameter_invalid', param: 'cursor', status: 422 });
    }
  });
});
