// The library prices requests as the contract's parse gives them: checked, with their defaults
// filled in (quantity, quantity_options, label, angles, bend directions). A caller who passes raw JSON
// gets a TypeError that names the parse step and the first field it would have filled in, rather than
// one from deep inside the pricing ("Cannot read properties of undefined").

/** How the error tells the caller to parse: the function called, and the schema that parses its input. */
interface Caller {
  fn: string;
  parse: string;
}

const QUOTE: Caller = { fn: 'priceQuote', parse: 'QuoteRequest.parse' };
const PLATE: Caller = { fn: 'pricePlateItem', parse: 'PlateItem.parse' };
const PRODUCT: Caller = { fn: 'priceProductItem', parse: 'ProductItem.parse' };
const ITEM: Caller = { fn: 'priceItem', parse: 'QuoteRequestItem.parse' };

/** Each hole pattern's angle that the parse gives a default of 0. */
const HOLE_ANGLES: Record<string, string> = { linear: 'angle_deg', grid: 'rotation_deg', bolt_circle: 'start_angle_deg', slot: 'angle_deg' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(caller: Caller, path: string, problem: string): never {
  throw new TypeError(
    `${caller.fn} takes input parsed by ${caller.parse} from @shop/contracts, which checks it and fills in its defaults; ${path} ${problem}. Parse it first: ${caller.fn}(${caller.parse}(input), options).`,
  );
}

function checkItem(item: unknown, path: string, caller: Caller, kind?: 'plate' | 'product'): void {
  if (!isObject(item)) fail(caller, path, 'is not an object');
  if (item.kind !== 'plate' && item.kind !== 'product') fail(caller, `${path}.kind`, 'is neither "plate" nor "product"');
  if (kind !== undefined && item.kind !== kind) fail(caller, `${path}.kind`, `is "${item.kind}", not "${kind}"`);
  if (typeof item.quantity !== 'number') fail(caller, `${path}.quantity`, 'is missing');
  if (!Array.isArray(item.quantity_options)) fail(caller, `${path}.quantity_options`, 'is missing');
  if (item.label === undefined) fail(caller, `${path}.label`, 'is missing (null for none)');
  if (item.kind === 'product') return;
  if (item.import_id !== undefined) fail(caller, `${path}.import_id`, 'names an imported drawing: put the import\'s outline, holes and cutouts in its place first (the service does)');
  if (!isObject(item.outline)) fail(caller, `${path}.outline`, 'is missing');
  for (const list of ['holes', 'cutouts', 'bends'] as const) {
    if (item[list] !== undefined && !Array.isArray(item[list])) fail(caller, `${path}.${list}`, 'is not an array');
  }
  for (const [i, hole] of ((item.holes as unknown[] | undefined) ?? []).entries()) {
    const angle = isObject(hole) && typeof hole.kind === 'string' ? HOLE_ANGLES[hole.kind] : undefined;
    if (angle !== undefined && typeof (hole as Record<string, unknown>)[angle] !== 'number') fail(caller, `${path}.holes[${i}].${angle}`, 'is missing');
  }
  for (const [i, bend] of ((item.bends as unknown[] | undefined) ?? []).entries()) {
    if (!isObject(bend) || typeof bend.angle_deg !== 'number') fail(caller, `${path}.bends[${i}].angle_deg`, 'is missing');
    if (typeof bend.direction !== 'string') fail(caller, `${path}.bends[${i}].direction`, 'is missing');
  }
}

/** Throws the TypeError naming QuoteRequest.parse when `request` is not what that parse gives. */
export function assertParsedRequest(request: unknown): void {
  if (!isObject(request) || !Array.isArray(request.items)) fail(QUOTE, 'the request', 'has no items array');
  request.items.forEach((item, index) => checkItem(item, `items[${index}]`, QUOTE));
}

export function assertParsedPlate(item: unknown): void {
  checkItem(item, 'the item', PLATE, 'plate');
}

export function assertParsedProduct(item: unknown): void {
  checkItem(item, 'the item', PRODUCT, 'product');
}

export function assertParsedItem(item: unknown): void {
  checkItem(item, 'the item', ITEM);
}
