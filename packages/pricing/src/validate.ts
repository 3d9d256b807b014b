// Request-level rules that the contract answers with a 422: values outside what the products and
// materials lists give. Checked for every item before anything is priced, so a quote is all or nothing.
// Messages name a field by its own name (`param` carries the item's path) and, where they point
// elsewhere, name both ways there: the tool and the REST route.
import type { Catalog, PlateStock } from '@shop/catalog';
import { BOUNDS, ServiceError } from '@shop/contracts';
import type { Material, PlateItem, Product, ProductItem, ProductTier, QuoteRequest } from '@shop/contracts';
import { formatThickness } from '@shop/geometry';

const LIST_MATERIALS = 'list_materials or GET /materials';
const LIST_PRODUCTS = 'search_products or GET /products';
export const RFQ_LINK = 'a quote-request link (create_rfq_link or POST /rfq-links)';

export function validateRequest(request: QuoteRequest, catalog: Catalog): void {
  const items = request.items;
  if (items.length < 1 || items.length > BOUNDS.itemsPerQuote) {
    throw new ServiceError('parameter_invalid', `items must have 1 to ${BOUNDS.itemsPerQuote} entries; it has ${items.length}.`, { param: 'items' });
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
export function validatePlateItem(item: Pick<PlateItem, 'material' | 'thickness_in' | 'quantity' | 'quantity_options'>, catalog: Catalog, index: number): PlateStock {
  const at = `items[${index}]`;
  const stock = catalog.findPlateStock(item.material, item.thickness_in);
  if (stock !== undefined) {
    checkQuantities(item.quantity, item.quantity_options, BOUNDS.plateQuantity, at);
    return stock;
  }
  const material = catalog.getMaterial(item.material);
  if (material === undefined) {
    throw new ServiceError(
      'material_unavailable',
      catalog.plateOrdersEnabled
        ? `material "${item.material}" is not a plate material; list them with ${LIST_MATERIALS}.`
        : `material "${item.material}" is not available. ${catalog.plateOrdersNotice} Ask for ${RFQ_LINK} instead.`,
      { param: `${at}.material` },
    );
  }
  throw new ServiceError('thickness_not_offered', explainThickness(item.thickness_in, material), { param: `${at}.thickness_in` });
}

// A thickness sent within this of a listed one is the same plate written another way (3/16 for 0.19).
const SAME_PLATE_IN = 0.01;

/**
 * What to send instead of a thickness not sold: the listed value when the one sent is that plate
 * written another way ("3/16 in aluminum_6061 is sold as 0.19: send 0.19"), else the nearest below
 * and above.
 */
function explainThickness(sent: number, material: Material): string {
  const listed = material.thicknesses.map((t) => t.thickness_in).sort((a, b) => a - b);
  const below = [...listed].reverse().find((t) => t < sent);
  const above = listed.find((t) => t > sent);
  const nearest = [below, above].filter((t): t is number => t !== undefined).sort((a, b) => Math.abs(a - sent) - Math.abs(b - sent))[0];
  if (nearest !== undefined && Math.abs(nearest - sent) <= SAME_PLATE_IN) {
    return `${formatThickness(sent)} ${material.id} is sold as ${nearest}: send thickness_in ${nearest}.`;
  }
  const options = [below, above].filter((t): t is number => t !== undefined).map((t) => `${t} (${labelOf(material, t)})`);
  return `thickness_in ${sent} is not sold in ${material.id}; the nearest sold ${options.length === 1 ? 'is' : 'are'} ${options.join(' and ')}: send one exactly as listed (every thickness: ${LIST_MATERIALS}).`;
}

function labelOf(material: Material, thicknessIn: number): string {
  return material.thicknesses.find((t) => t.thickness_in === thicknessIn)?.label ?? `${thicknessIn} in`;
}

export function validateProductItem(item: ProductItem, catalog: Catalog, index: number): { product: Product; tier: ProductTier } {
  const at = `items[${index}]`;
  const product = catalog.getProduct(item.slug);
  if (product === undefined) {
    throw new ServiceError('product_unknown', `slug "${item.slug}" is not a product; list them with ${LIST_PRODUCTS}.`, {
      param: `${at}.slug`,
    });
  }
  const tier = product.tiers.find((t) => t.kind === item.tier);
  if (tier === undefined || !tier.orderable || tier.unit_amount_cents === null) {
    // The built tiers only: the tools do not sell the design package, so a message naming it would
    // send an assistant to a tier it cannot quote.
    const open = product.tiers.filter((t) => t.orderable && t.kind !== 'design').map((t) => t.kind);
    const instead = open.length > 0 ? `choose ${open.join(' or ')}, or ask for ${RFQ_LINK}` : `ask for ${RFQ_LINK}`;
    throw new ServiceError('tier_not_orderable', `tier "${item.tier}" of ${product.slug} cannot be ordered online (its price is on request); ${instead}.`, {
      param: `${at}.tier`,
    });
  }
  if (tier.kind === 'design') {
    if (item.quantity !== 1) {
      throw new ServiceError('design_quantity_fixed', 'quantity must be 1 for a design package: it is bought once.', {
        param: `${at}.quantity`,
      });
    }
    if (item.quantity_options.length > 0) {
      throw new ServiceError('design_quantity_fixed', 'quantity_options must be left out for a design package: it is bought once, at quantity 1.', {
        param: `${at}.quantity_options`,
      });
    }
  }
  checkQuantities(item.quantity, item.quantity_options, BOUNDS.productQuantity, at);
  return { product, tier };
}

function checkQuantities(quantity: number, options: readonly number[], max: number, at: string): void {
  if (!isQuantity(quantity, max)) {
    throw new ServiceError('quantity_out_of_range', `quantity must be a whole number from 1 to ${max}.`, {
      param: `${at}.quantity`,
    });
  }
  if (options.length > BOUNDS.quantityOptions) {
    throw new ServiceError('quantity_out_of_range', `quantity_options may list at most ${BOUNDS.quantityOptions} quantities.`, {
      param: `${at}.quantity_options`,
    });
  }
  options.forEach((option, i) => {
    if (!isQuantity(option, max)) {
      throw new ServiceError('quantity_out_of_range', `quantity_options[${i}] must be a whole number from 1 to ${max}.`, {
        param: `${at}.quantity_options[${i}]`,
      });
    }
  });
}

function isQuantity(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= max;
}
