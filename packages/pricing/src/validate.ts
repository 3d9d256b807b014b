// Request-level rules that SPEC.md answers with a 422: values outside what the products and materials
// lists give. Checked for every item before anything is priced, so a quote is all or nothing.
import type { Catalog, PlateStock } from '@shop/catalog';
import { ServiceError } from '@shop/contracts';
import type { PlateItem, Product, ProductItem, ProductTier, QuoteRequest } from '@shop/contracts';

const MAX_PLATE_QUANTITY = 999;
const MAX_PRODUCT_QUANTITY = 50;
const MAX_QUANTITY_OPTIONS = 5;
const MAX_ITEMS = 10;

export function validateRequest(request: QuoteRequest, catalog: Catalog): void {
  const items = request.items;
  if (items.length < 1 || items.length > MAX_ITEMS) {
    throw new ServiceError('parameter_invalid', `items must have 1 to ${MAX_ITEMS} entries; it has ${items.length}.`, { param: 'items' });
  }
  const designs = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.kind === 'plate') {
      validatePlateItem(item, catalog, index);
      return;
    }
    const { tier } = validateProductItem(item, catalog, index);
    if (tier.kind !== 'design') return;
    const earlier = designs.get(item.slug);
    if (earlier !== undefined) {
      throw new ServiceError(
        'design_repeated',
        `items[${index}] asks again for the design package of ${item.slug}, already named at items[${earlier}]; a design package is bought once, so name it once.`,
        { param: `items[${index}].slug` },
      );
    }
    designs.set(item.slug, index);
  });
}

/** The plate stock an item is priced from; throws the 422 for a material, thickness or quantity not offered. */
export function validatePlateItem(item: PlateItem, catalog: Catalog, index: number): PlateStock {
  const at = `items[${index}]`;
  const stock = catalog.findPlateStock(item.material, item.thickness_in);
  if (stock !== undefined) {
    checkQuantities(item.quantity, item.quantity_options, MAX_PLATE_QUANTITY, at);
    return stock;
  }
  const material = catalog.getMaterial(item.material);
  if (material === undefined) {
    throw new ServiceError(
      'material_unavailable',
      catalog.plateOrdersEnabled
        ? `${at}.material "${item.material}" is not a plate material; use one of GET /materials.`
        : `${at}.material "${item.material}" is not available: online plate orders are switched off for now. Ask for a quote-request link instead.`,
      { param: `${at}.material` },
    );
  }
  const sold = material.thicknesses.map((t) => t.thickness_in).join(', ');
  throw new ServiceError(
    'thickness_not_offered',
    `${at}.thickness_in ${item.thickness_in} is not sold in ${material.name}; send one of these values exactly: ${sold}.`,
    { param: `${at}.thickness_in` },
  );
}

export function validateProductItem(item: ProductItem, catalog: Catalog, index: number): { product: Product; tier: ProductTier } {
  const at = `items[${index}]`;
  const product = catalog.getProduct(item.slug);
  if (product === undefined) {
    throw new ServiceError('product_unknown', `${at}.slug "${item.slug}" is not a product; list them with GET /products.`, {
      param: `${at}.slug`,
    });
  }
  const tier = product.tiers.find((t) => t.kind === item.tier);
  if (tier === undefined || !tier.orderable || tier.unit_amount_cents === null) {
    const open = product.tiers.filter((t) => t.orderable).map((t) => t.kind);
    throw new ServiceError(
      'tier_not_orderable',
      `${at}.tier "${item.tier}" of ${product.slug} cannot be ordered online (its price is on request); choose ${open.join(' or ')}, or ask for a quote-request link.`,
      { param: `${at}.tier` },
    );
  }
  if (tier.kind === 'design') {
    if (item.quantity !== 1) {
      throw new ServiceError('design_quantity_fixed', `${at}.quantity must be 1 for a design package: it is bought once.`, {
        param: `${at}.quantity`,
      });
    }
    if (item.quantity_options.length > 0) {
      throw new ServiceError(
        'design_quantity_fixed',
        `${at}.quantity_options must be left out for a design package: it is bought once, at quantity 1.`,
        { param: `${at}.quantity_options` },
      );
    }
  }
  checkQuantities(item.quantity, item.quantity_options, MAX_PRODUCT_QUANTITY, at);
  return { product, tier };
}

function checkQuantities(quantity: number, options: readonly number[], max: number, at: string): void {
  if (!isQuantity(quantity, max)) {
    throw new ServiceError('quantity_out_of_range', `${at}.quantity must be a whole number from 1 to ${max}.`, {
      param: `${at}.quantity`,
    });
  }
  if (options.length > MAX_QUANTITY_OPTIONS) {
    throw new ServiceError('quantity_out_of_range', `${at}.quantity_options may list at most ${MAX_QUANTITY_OPTIONS} quantities.`, {
      param: `${at}.quantity_options`,
    });
  }
  options.forEach((option, i) => {
    if (!isQuantity(option, max)) {
      throw new ServiceError('quantity_out_of_range', `${at}.quantity_options[${i}] must be a whole number from 1 to ${max}.`, {
        param: `${at}.quantity_options[${i}]`,
      });
    }
  });
}

function isQuantity(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= max;
}
