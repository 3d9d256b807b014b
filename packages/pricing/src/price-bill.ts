// A kit priced from its bill. Its plate parts are one job, as the shop cuts them: one programming
// charge for the kit, each part's bend set-ups, each part nested at its quantity in the kit on the
// sheet that costs least per piece (parts that share a material and thickness share those sheets:
// each piece pays only its share of a sheet), each piece's cutting, contours, handling and bending,
// and one item minimum for the lot. The bought-in lines point into the book's one price table of
// bought items; then the shop's hours and a margin. A welded unit adds the welding hours and what
// the finish takes. The catalog's kit and welded prices are these figures to the whole dollar; a
// test holds the two equal.
import type { BoughtItemPrice, BillRates, Catalog, ProductBill } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import { analyzePlate } from '@shop/geometry';
import { centsOf, divideRoundHalfUp } from './money';
import { computePlateCost, workCents } from './plate-cost';
import { pricePlateItem } from './price-plate';

export interface BillLinePrice {
  name: string;
  quantity: number;
  amountCents: number;
}

export interface PricedBill {
  /** Each plate part at its quantity in the kit: its nest, cutting, contours, handling and bending, without the kit's programming. */
  plates: BillLinePrice[];
  /** Programming the kit's plates once, and every bend line's set-up. */
  plateJobCents: number;
  /** What the kit's plates come to: the job and the lines, or the item minimum if that is more. */
  platesCents: number;
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

/** What a bill needs from the price book besides the plate tables: its rates and the bought items' prices. */
export interface BillPrices {
  billRates: BillRates;
  boughtItems: Readonly<Record<string, BoughtItemPrice>>;
}

/** Prices a product's bill with the catalog's plate tables. Throws when a plate part cannot be made or a bought item has no price. */
export function priceBill(bill: ProductBill, prices: BillPrices, catalog: Catalog): PricedBill {
  const tables = catalog.priceTables;
  let bendSetupCents = 0;
  const plates = bill.plates.map((line) => {
    const item = PlateItem.parse({ ...line.part, kind: 'plate', quantity: line.quantity });
    const quoted = pricePlateItem(item, { catalog });
    const stock = catalog.findPlateStock(item.material, item.thickness_in);
    if (quoted.status !== 'ready' || stock === undefined) {
      throw new Error(`The bill's plate "${line.name}" cannot be made: ${quoted.issues.map((issue) => issue.message).join(' ')}`);
    }
    const cost = computePlateCost(analyzePlate(item, stock.rules, 'part'), stock, tables);
    bendSetupCents += cost.bendSetupCents;
    // The line's own work, less the job charges the kit pays once.
    return { name: line.name, quantity: line.quantity, amountCents: workCents(cost, line.quantity) - cost.jobCents };
  });
  const plateJobCents = plates.length === 0 ? 0 : centsOf(tables.shop.programmingMinutesPerItem / 60, tables.shop.programmingCentsPerHour) + bendSetupCents;
  const platesCents = plates.length === 0 ? 0 : Math.max(tables.shop.minimumItemCents, plateJobCents + sum(plates));
  const bought = bill.bought.map((line) => pricedLine(line, prices));
  const shopCents = centsOf(bill.shopHours, prices.billRates.fabricationCentsPerHour);
  const kitCostCents = platesCents + sum(bought) + shopCents;
  const kitCents = withMargin(kitCostCents, prices.billRates.kitMarginPercent);
  const base = { plates, plateJobCents, platesCents, bought, shopCents, kitCostCents, kitCents };
  if (!bill.welded) return { ...base, weldedCostCents: null, weldedCents: null };
  const weldedCostCents =
    kitCostCents + centsOf(bill.welded.weldingHours, prices.billRates.weldingCentsPerHour) + sum(bill.welded.bought.map((line) => pricedLine(line, prices)));
  return { ...base, weldedCostCents, weldedCents: withMargin(weldedCostCents, prices.billRates.weldedMarginPercent) };
}

function pricedLine(line: { item: string; quantity: number }, prices: BillPrices): BillLinePrice {
  const item = prices.boughtItems[line.item];
  if (!item) throw new Error(`The bill names the bought item "${line.item}", which the price book does not price.`);
  return { name: item.name, quantity: line.quantity, amountCents: centsOf(line.quantity, item.unitCents) };
}

function sum(lines: readonly BillLinePrice[]): number {
  return lines.reduce((total, line) => total + line.amountCents, 0);
}

/** cost x (100 + margin) / 100, to the whole dollar, halves up. */
function withMargin(costCents: number, marginPercent: number): number {
  return divideRoundHalfUp(centsOf(costCents, (100 + marginPercent) / 100), 100) * 100;
}
