// A kit priced from its bill: the plate parts by the same engine as a plate item (each at its
// quantity in the kit), the bought-in lines at their list prices, the shop's hours, and a margin;
// a welded unit adds the welding hours and what the finish takes. The catalog's kit and welded
// prices are these figures to the whole dollar; a test holds the two equal.
import type { BillRates, Catalog, ProductBill } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import { centsOf, divideRoundHalfUp } from './money';
import { pricePlateItem } from './price-plate';

export interface BillLinePrice {
  name: string;
  quantity: number;
  amountCents: number;
}

export interface PricedBill {
  plates: BillLinePrice[];
  bought: BillLinePrice[];
  shopCents: number;
  /** Plates + bought + shop hours: what the kit costs the shop. */
  kitCostCents: number;
  /** The kit's cost with its margin, to the whole dollar (halves up). */
  kitCents: number;
  /** Kit cost + welding + the welded unit's bought lines; null when it is not sold welded. */
  weldedCostCents: number | null;
  weldedCents: number | null;
}

/** Prices a product's bill with the catalog's plate tables. Throws when a plate part cannot be made. */
export function priceBill(bill: ProductBill, rates: BillRates, catalog: Catalog): PricedBill {
  const plates = bill.plates.map((line) => {
    const item = PlateItem.parse({ ...line.part, kind: 'plate', quantity: line.quantity });
    const quoted = pricePlateItem(item, { catalog });
    if (quoted.status !== 'ready' || quoted.amount_cents === null) {
      throw new Error(`The bill's plate "${line.name}" cannot be made: ${quoted.issues.map((issue) => issue.message).join(' ')}`);
    }
    return { name: line.name, quantity: line.quantity, amountCents: quoted.amount_cents };
  });
  const bought = bill.bought.map(pricedLine);
  const shopCents = centsOf(bill.shopHours, rates.fabricationCentsPerHour);
  const kitCostCents = sum(plates) + sum(bought) + shopCents;
  const kitCents = withMargin(kitCostCents, rates.kitMarginPercent);
  if (!bill.welded) return { plates, bought, shopCents, kitCostCents, kitCents, weldedCostCents: null, weldedCents: null };
  const weldedCostCents = kitCostCents + centsOf(bill.welded.weldingHours, rates.weldingCentsPerHour) + sum(bill.welded.bought.map(pricedLine));
  return { plates, bought, shopCents, kitCostCents, kitCents, weldedCostCents, weldedCents: withMargin(weldedCostCents, rates.weldedMarginPercent) };
}

function pricedLine(line: { name: string; quantity: number; unitCents: number }): BillLinePrice {
  return { name: line.name, quantity: line.quantity, amountCents: centsOf(line.quantity, line.unitCents) };
}

function sum(lines: readonly BillLinePrice[]): number {
  return lines.reduce((total, line) => total + line.amountCents, 0);
}

/** cost x (100 + margin) / 100, to the whole dollar, halves up. */
function withMargin(costCents: number, marginPercent: number): number {
  return divideRoundHalfUp(centsOf(costCents, (100 + marginPercent) / 100), 100) * 100;
}
