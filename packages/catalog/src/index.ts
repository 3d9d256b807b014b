export { createCatalog } from './create-catalog';
export type { Catalog, CatalogOptions } from './create-catalog';
export { MATERIAL_STOCK } from './materials';
export type { MaterialStock, ThicknessStock } from './materials';
export { decodeCursor, encodeCursor } from './paging';
export { interpolateCut } from './plate-stock';
export type { PlateStock } from './plate-stock';
export { PRICE_BOOK, PRICE_BOOK_JSON, PRICE_TABLES, PriceBookSchema, loadPriceBook } from './price-book';
export type { BillRates, BoughtItemPrice, LoadedPriceBook, PriceBook, ProductBill } from './price-book';
export type {
  BendRunRow,
  BendingTable,
  CutRow,
  CutTable,
  DfmTable,
  HandlingTable,
  LaserLimits,
  LeadTimeRules,
  LiftingRules,
  ProductLeadTimeRules,
  MaterialPrice,
  PriceBasisRow,
  MaterialPriceTable,
  NestingTable,
  PerPieceHandling,
  PriceSource,
  PriceTables,
  SheetSize,
  SheetsTable,
  ShopRates,
  TumblerRules,
} from './price-tables';
export { PRODUCT_ENTRIES } from './products';
export type { ProductEntry } from './products';
export { PROFILE_ENTRIES } from './profiles';
export type { ProfileEntry } from './profiles';
