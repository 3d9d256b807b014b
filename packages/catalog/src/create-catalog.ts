// The catalog: data built once into maps so every lookup during pricing is a hash hit.
import { publicUrls } from '@shop/contracts';
import type { ListEnvelope, Material, MaterialId, Product, ProductQuery, Profile, ProfileQuery, ThicknessOffer } from '@shop/contracts';
import { MATERIAL_STOCK } from './materials';
import { paginate } from './paging';
import { buildPlateRules, buildPlateStock, toThicknessOffer } from './plate-stock';
import type { PlateStock } from './plate-stock';
import type { PlateRules } from '@shop/geometry';
import { PRICE_BOOK } from './price-book';
import type { LoadedPriceBook } from './price-book';
import type { PriceTables } from './price-tables';
import { PRODUCT_ENTRIES } from './products';
import { PROFILE_ENTRIES } from './profiles';

export interface CatalogOptions {
  /** Base of the product pages: `${shopUrl}/products/{slug}`. */
  shopUrl: string;
  /**
   * Base of the product pictures: `${imagesUrl}/images/products/{slug}.svg`. The REST app serves
   * them, so the service passes its PUBLIC_URL; defaults to shopUrl.
   */
  imagesUrl?: string;
  /** False switches online plate orders off: no materials listed, none available for plates. Default true. */
  plateOrdersEnabled?: boolean;
  /**
   * While plate orders are off: why, and until when, in sentences for the refusal of a plate item and
   * the pages (e.g. "Online plate orders are paused until 4 January 2027."). Default a plain one.
   */
  plateOrdersNotice?: string;
  /** The price book to price from (loadPriceBook); default the one bundled with this release. */
  priceBook?: LoadedPriceBook;
}

export interface Catalog {
  readonly shopUrl: string;
  readonly plateOrdersEnabled: boolean;
  /** Why plate orders are off and until when; null while they are on. */
  readonly plateOrdersNotice: string | null;
  readonly priceTables: PriceTables;
  /** The version of the price book the catalog prices from, recorded on every quote. */
  readonly priceBookVersion: string;
  /** Materials with every thickness sold; empty while plate orders are off. */
  listMaterials(): Material[];
  /** A material available for plates, or undefined (unknown, or plate orders off). */
  getMaterial(id: MaterialId): Material | undefined;
  /** The offer for exactly this thickness, or undefined. */
  findThickness(material: MaterialId, thicknessIn: number): ThicknessOffer | undefined;
  /** Everything pricing needs for exactly this material and thickness, or undefined. */
  findPlateStock(material: MaterialId, thicknessIn: number): PlateStock | undefined;
  /** Manufacturability thresholds; the same for every listed thickness of a material today. */
  plateRules(material: MaterialId, thicknessIn: number): PlateRules;
  listProducts(query: ProductQuery): ListEnvelope<Product>;
  /** The divisions products are filed under, in catalog order. */
  listDivisions(): string[];
  getProduct(slug: string): Product | undefined;
  listProfiles(query: ProfileQuery): ListEnvelope<Profile>;
}

const PLATE_ORDERS_OFF = 'Online plate orders are switched off for now.';

export function createCatalog(options: CatalogOptions): Catalog {
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const shopUrls = publicUrls(shopUrl);
  const imageUrls = publicUrls(options.imagesUrl ?? options.shopUrl);
  const plateOrdersEnabled = options.plateOrdersEnabled ?? true;
  const book = options.priceBook ?? PRICE_BOOK;
  const tables = book.tables;
  const rules = Object.freeze(buildPlateRules(tables));

  const stockByMaterial = new Map<MaterialId, Map<number, PlateStock>>();
  const materials: Material[] = [];
  for (const material of MATERIAL_STOCK) {
    const byThickness = new Map<number, PlateStock>();
    for (const thickness of material.thicknesses) {
      byThickness.set(thickness.thicknessIn, Object.freeze(buildPlateStock(tables, material, thickness, rules)));
    }
    stockByMaterial.set(material.id, byThickness);
    materials.push({
      object: 'material',
      id: material.id,
      name: material.name,
      max_laser_thickness_in: tables.laser.maxThicknessIn[material.id],
      thicknesses: [...byThickness.values()].map(toThicknessOffer),
    });
  }
  const materialById = new Map(materials.map((m) => [m.id, m]));

  const products: Product[] = PRODUCT_ENTRIES.map((entry) => ({
    object: 'product',
    slug: entry.slug,
    name: entry.name,
    division: entry.division,
    blurb: entry.blurb,
    product_url: shopUrls.product(entry.slug),
    tiers: entry.tiers.map((tier) => {
      const price = book.productPrices[entry.slug]?.[tier.kind];
      if (price === undefined) throw new Error(`The price book has no ${tier.kind} price for ${entry.slug}.`);
      // Keys in the contract's order.
      return { kind: tier.kind, label: tier.label, includes: [...tier.includes], orderable: price !== null, unit_amount_cents: price, lead_time_days: tier.lead_time_days };
    }),
    image_url: imageUrls.productImage(entry.slug),
    certification_note: entry.certificationNote,
  }));
  const productBySlug = new Map(products.map((p) => [p.slug, p]));
  const productText = products.map((p) => `${p.name}|${p.blurb}|${p.division}`.toLowerCase());

  const profiles = PROFILE_ENTRIES.map((entry) => entry.profile);
  const profileText = PROFILE_ENTRIES.map((entry) =>
    squash(`${entry.profile.designation ?? ''}|${entry.profile.profile_type}|${entry.names}`),
  );

  function findPlateStock(material: MaterialId, thicknessIn: number): PlateStock | undefined {
    if (!plateOrdersEnabled) return undefined;
    return stockByMaterial.get(material)?.get(thicknessIn);
  }

  return {
    shopUrl,
    plateOrdersEnabled,
    plateOrdersNotice: plateOrdersEnabled ? null : (options.plateOrdersNotice ?? PLATE_ORDERS_OFF),
    priceTables: tables,
    priceBookVersion: book.version,
    listMaterials: () => (plateOrdersEnabled ? materials.map(cloneMaterial) : []),
    getMaterial: (id) => {
      const material = plateOrdersEnabled ? materialById.get(id) : undefined;
      return material && cloneMaterial(material);
    },
    findThickness: (material, thicknessIn) => {
      const stock = findPlateStock(material, thicknessIn);
      return stock && toThicknessOffer(stock);
    },
    findPlateStock,
    plateRules: () => rules,
    listProducts: (query) => {
      const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const division = query.division?.toLowerCase();
      const rows = products.filter(
        (p, i) =>
          (division === undefined || p.division === division) &&
          words.every((word) => (productText[i] as string).includes(word)),
      );
      const key = `products|${words.join(' ')}|${division ?? ''}`;
      return paginate(rows.map(cloneProduct), query.limit, query.cursor, key);
    },
    listDivisions: () => [...new Set(products.map((p) => p.division))],
    getProduct: (slug) => {
      const product = productBySlug.get(slug);
      return product && cloneProduct(product);
    },
    listProfiles: (query) => {
      const needle = squash(query.search ?? '');
      const rows = profiles.filter(
        (p, i) =>
          (query.profile_type === undefined || p.profile_type === query.profile_type) &&
          (needle === '' || (profileText[i] as string).includes(needle)),
      );
      const key = `profiles|${needle}|${query.profile_type ?? ''}`;
      return paginate(rows.map(cloneProfile), query.limit, query.cursor, key);
    },
  };
}

/** Lower case with every space removed: "w 8x31" and "W8X31" read the same. */
function squash(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

// Callers get copies: the catalog's own objects stay as built.
function cloneMaterial(material: Material): Material {
  return { ...material, thicknesses: material.thicknesses.map((t) => ({ ...t, lead_time: t.lead_time && { ...t.lead_time } })) };
}

function cloneProduct(product: Product): Product {
  return { ...product, tiers: product.tiers.map((tier) => ({ ...tier, includes: [...tier.includes] })) };
}

function cloneProfile(profile: Profile): Profile {
  if (profile.dimensions === null) return { ...profile };
  const dimensions: Record<string, { min_in: number; max_in: number }> = {};
  for (const [key, value] of Object.entries(profile.dimensions)) dimensions[key] = { ...value };
  return { ...profile, dimensions };
}
