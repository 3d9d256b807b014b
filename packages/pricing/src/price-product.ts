// A catalog product item: the tier's unit price times the quantity.
import type { Catalog, ProductLeadTimeRules } from '@shop/catalog';
import type { Delivery, Issue, LeadTime, Product, ProductItem, ProductTier, QuotedItem } from '@shop/contracts';
import { describeProduct } from './describe';
import { makeIssue } from './issues';
import { describeLabelProblem, screenLabel } from './labels';
import { assertParsedProduct } from './parsed';
import { otherQuantities } from './price-plate';
import { validateProductItem } from './validate';

export interface PriceProductOptions {
  catalog: Catalog;
  /** Place of the item in its quote; names the fields of its issues and errors. Default 0. */
  index?: number;
}

/** Prices one product item; throws the 422 ServiceError for an unknown slug, a tier not orderable or a quantity out of range. */
export function priceProductItem(item: ProductItem, options: PriceProductOptions): QuotedItem {
  assertParsedProduct(item);
  const index = options.index ?? 0;
  const { product, tier } = validateProductItem(item, options.catalog, index);
  return priceProduct(item, product, tier, index, options.catalog);
}

/** Prices a product item already checked against the catalog. */
export function priceProduct(item: ProductItem, product: Product, tier: ProductTier, index: number, catalog: Catalog): QuotedItem {
  const unit = tier.unit_amount_cents as number;
  const issues: Issue[] = [];
  const screened = screenLabel(item.label);
  if (screened.problem !== null) {
    issues.push(makeIssue('label_dropped', describeLabelProblem(screened.problem), `items[${index}].label`));
  }
  if (product.certification_note !== null) {
    issues.push(makeIssue('certification_note', product.certification_note, `items[${index}].slug`));
  }
  return {
    index,
    kind: 'product',
    description: describeProduct(product.name, tier.kind),
    label: screened.label,
    status: 'ready',
    price_type: 'firm',
    quantity: item.quantity,
    quantity_options: otherQuantities(item.quantity, item.quantity_options).map((quantity) => ({
      quantity,
      unit_amount_cents: unit,
      amount_cents: unit * quantity,
    })),
    unit_amount_cents: unit,
    amount_cents: unit * item.quantity,
    includes: [...tier.includes],
    delivery: deliveryOf(tier),
    lead_time: productLeadTime(tier, item.quantity, catalog.priceTables.productLeadTimes),
    issues,
    plate: null,
    product: { slug: product.slug, tier: tier.kind, product_url: product.product_url },
  };
}

function deliveryOf(tier: ProductTier): Delivery {
  if (tier.kind === 'design') return { status: 'not_applicable', note: 'A download: the drawings and cut files are sent by e-mail link; nothing ships.' };
  return { status: 'quoted_after_order', note: 'Freight is quoted by the shop after the order and is not in this quote; pick-up at the shop is free.' };
}

const READY = {
  design: (units: string) => `until the ${units} sent`,
  kit: (units: string) => `until the ${units} cut and ready to ship or pick up; freight not included`,
  welded: (units: string) => `until the ${units} built and ready to ship or pick up; freight not included`,
} as const;

const UNIT_NAMES = { design: ['drawings are', 'drawings are'], kit: ['kit is', 'kits are'], welded: ['unit is', 'units are'] } as const;

/**
 * The tier's lead time is for one unit; each further unit adds its share of a business day (a design
 * package is bought once).
 */
export function productLeadTime(tier: ProductTier, quantity: number, rules: ProductLeadTimeRules): LeadTime | null {
  if (tier.lead_time_days === null) return null;
  const perDay = tier.kind === 'kit' ? rules.kitUnitsPerDay : tier.kind === 'welded' ? rules.weldedUnitsPerDay : Number.POSITIVE_INFINITY;
  const days = tier.lead_time_days + Math.ceil((quantity - 1) / perDay);
  const [one, many] = UNIT_NAMES[tier.kind];
  const units = quantity === 1 ? one : `${quantity} ${many}`;
  const first = quantity > 1 && days > tier.lead_time_days ? ` (one takes ${tier.lead_time_days})` : '';
  return { days_min: days, days_max: days, note: `Business days from the order ${READY[tier.kind](units)}${first}.` };
}
