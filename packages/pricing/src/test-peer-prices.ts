// The dated peer price sets (peer-prices/: each point with its source, date, what it includes and the
// same part as a plate item) priced through the model at the peer's quantity. Pricing v4's figures were
// chosen while looking at every point of both files, so neither is held back: they are two files of one
// set. The peers script prints them by source and by quantity band, a test holds all the points together
// to the criteria, and the docs carry their tables.
import { createCatalog } from '@shop/catalog';
import { PlateItem, z } from '@shop/contracts';
import fitJson from '../peer-prices/peer-prices.json';
import validationJson from '../peer-prices/validation-prices.json';
import { pricePlateItem } from './price-plate';

const PeerPoint = z
  .object({
    id: z.string().min(1),
    peer: z.string().min(1),
    source: z.string().min(1),
    date: z.string().regex(/^\d{4}-\d{2}(-\d{2})?\b/),
    spec: z.string().min(1),
    quantity: z.int().min(1),
    peer_usd_each: z.number().positive(),
    includes: z.string().min(1),
    mapping: z.string().min(1),
    item: z.unknown(),
  })
  .strict();
type PeerPoint = z.infer<typeof PeerPoint>;

const PeerSetFile = z.object({ usd_to_cad: z.number().positive(), note: z.string().min(1), points: z.array(PeerPoint).min(1) }).strict();

export type PeerSetName = 'fit' | 'validation';

export interface PeerSet {
  name: PeerSetName;
  /** The file under peer-prices/. */
  file: string;
  usdToCad: number;
  points: readonly PeerPoint[];
}

/** Reads a set file, refusing a point without its source, date, inclusions or mapping, or a repeated id. */
export function readPeerSet(name: PeerSetName, file: string, json: unknown): PeerSet {
  const parsed = PeerSetFile.parse(json);
  const seen = new Set<string>();
  for (const point of parsed.points) {
    if (seen.has(point.id)) throw new Error(`${file}: the id ${point.id} is used twice.`);
    seen.add(point.id);
  }
  return { name, file, usdToCad: parsed.usd_to_cad, points: parsed.points };
}

export const PEER_SETS: Readonly<Record<PeerSetName, PeerSet>> = {
  fit: readPeerSet('fit', 'peer-prices.json', fitJson),
  validation: readPeerSet('validation', 'validation-prices.json', validationJson),
};

export interface PeerRow {
  id: string;
  peer: string;
  /** The date as the set gives it (an order number may follow). */
  date: string;
  material: string;
  thicknessIn: number;
  spec: string;
  quantity: number;
  /** The peer's price each, converted at the set's rate, to the cent. */
  peerCents: number;
  /** Ours each at the same quantity. */
  ourCents: number;
  /** Ours / the peer's. */
  ratio: number;
  /** How the nest lies, from our item's description (e.g. "55 per 60 x 120 in sheet"). */
  nest: string;
}

export interface PeerSummary {
  count: number;
  median: number;
  /** The medians of the lower and upper halves (Tukey's hinges). */
  lowerQuartile: number;
  upperQuartile: number;
  lowest: PeerRow;
  highest: PeerRow;
  /** Share of the points with a ratio from 0.75 to 1.30. */
  withinShare: number;
  /** Points with a ratio under 0.60. */
  under: PeerRow[];
}

/** The criteria every dated point together is held to. */
export const PEER_CRITERIA = { medianMin: 0.9, medianMax: 1.1, bandLow: 0.75, bandHigh: 1.3, withinShareMin: 0.85, floor: 0.6 } as const;

/** The median each named group of points is held to: thick mild steel and 304, where v3 sat low and high. */
export const GROUP_CRITERIA = { medianMin: 0.85, medianMax: 1.15 } as const;

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

/** Every point of a set priced at its quantity, in the set's order. */
export function pricePeers(set: PeerSet = PEER_SETS.fit): PeerRow[] {
  return set.points.map((point) => {
    const item = PlateItem.parse(point.item);
    const quoted = pricePlateItem(item, { catalog });
    if (quoted.status !== 'ready' || quoted.unit_amount_cents === null) {
      throw new Error(`Peer point ${point.id} (${set.file}) is not priced: ${quoted.issues.map((issue) => issue.message).join(' ')}`);
    }
    if (quoted.quantity !== point.quantity) throw new Error(`Peer point ${point.id} (${set.file}) is priced at ${quoted.quantity} pieces, the peer at ${point.quantity}.`);
    const peerCents = Math.round(point.peer_usd_each * set.usdToCad * 100);
    return {
      id: point.id,
      peer: point.peer,
      date: point.date,
      material: item.material,
      thicknessIn: item.thickness_in,
      spec: point.spec,
      quantity: point.quantity,
      peerCents,
      ourCents: quoted.unit_amount_cents,
      ratio: quoted.unit_amount_cents / peerCents,
      nest: /(\S+ per \S+ x \S+ in sheet)$/.exec(quoted.description)?.[1] ?? '',
    };
  });
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarisePeers(rows: readonly PeerRow[]): PeerSummary {
  const byRatio = [...rows].sort((a, b) => a.ratio - b.ratio);
  const ratios = byRatio.map((row) => row.ratio);
  const half = Math.floor(ratios.length / 2);
  return {
    count: rows.length,
    median: median(ratios),
    // One point has no halves: its quartiles are itself.
    lowerQuartile: half === 0 ? ratios[0]! : median(ratios.slice(0, half)),
    upperQuartile: half === 0 ? ratios[0]! : median(ratios.slice(ratios.length - half)),
    lowest: byRatio[0]!,
    highest: byRatio[byRatio.length - 1]!,
    withinShare: ratios.filter((ratio) => ratio >= PEER_CRITERIA.bandLow && ratio <= PEER_CRITERIA.bandHigh).length / ratios.length,
    under: byRatio.filter((row) => row.ratio < PEER_CRITERIA.floor),
  };
}

function dollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

/** One line of figures for the docs and the script: median, quartiles, the band and the extremes. */
export function describeSummary(summary: PeerSummary): string {
  return (
    `${summary.count} ${summary.count === 1 ? 'point' : 'points'}: median ${summary.median.toFixed(2)}, quartiles ${summary.lowerQuartile.toFixed(2)}-${summary.upperQuartile.toFixed(2)}, ` +
    `${Math.round(summary.withinShare * 100)}% within ${PEER_CRITERIA.bandLow.toFixed(2)}-${PEER_CRITERIA.bandHigh.toFixed(2)}, ` +
    `lowest ${summary.lowest.ratio.toFixed(2)} (${summary.lowest.id}), highest ${summary.highest.ratio.toFixed(2)} (${summary.highest.id}), ` +
    `${summary.under.length} under ${PEER_CRITERIA.floor.toFixed(2)}`
  );
}

/** A set's table for the docs: every point, the peer's price and ours each at its quantity, CAD, and the ratio. */
export function renderPeerTable(set: PeerSet = PEER_SETS.fit): string {
  const rows = pricePeers(set);
  const lines = ['| Point | Date | Part | Qty | Peer, CAD each | Ours, CAD each | Ratio |', '|---|---|---|---:|---:|---:|---:|'];
  for (const row of rows) {
    lines.push(`| ${row.id} | ${row.date} | ${row.spec} | ${row.quantity} | ${dollars(row.peerCents)} | ${dollars(row.ourCents)} | ${row.ratio.toFixed(2)} |`);
  }
  lines.push('', describeSummary(summarisePeers(rows)) + '.');
  return lines.join('\n');
}

/** The summary lines for the package README and docs: every point together, each file, each peer and each quantity band. */
export function renderPeerSummaries(): string {
  const all = pricedAllPeers();
  const lines = [`- every dated point: ${describeSummary(summarisePeers(all))}.`];
  for (const set of [PEER_SETS.fit, PEER_SETS.validation]) lines.push(`- \`${set.file}\`: ${describeSummary(summarisePeers(pricePeers(set)))}.`);
  for (const { name, summary } of summariseBy(all, (row) => row.peer)) lines.push(`- ${name}: ${describeSummary(summary)}.`);
  for (const band of QUANTITY_BANDS) {
    const rows = all.filter((row) => quantityBand(row.quantity) === band.name);
    lines.push(rows.length === 0 ? `- ${band.name}: no dated point.` : `- ${band.name}: ${describeSummary(summarisePeers(rows))}.`);
  }
  for (const group of MATERIAL_GROUPS) lines.push(`- ${group.name}: ${describeSummary(summarisePeers(all.filter(group.test)))}.`);
  return lines.join('\n');
}

/** Every dated point the project has, both files, priced. */
export function pricedAllPeers(): PeerRow[] {
  return [...pricePeers(PEER_SETS.fit), ...pricePeers(PEER_SETS.validation)];
}

/** The quantity bands the points are summarised by. */
export const QUANTITY_BANDS: ReadonlyArray<{ name: string; min: number; max: number }> = [
  { name: '1 piece', min: 1, max: 1 },
  { name: '2-9 pieces', min: 2, max: 9 },
  { name: '10-99 pieces', min: 10, max: 99 },
  { name: '100-500 pieces', min: 100, max: 500 },
  { name: 'over 500 pieces', min: 501, max: Number.POSITIVE_INFINITY },
];

/** The groups whose medians are held to GROUP_CRITERIA. */
export const MATERIAL_GROUPS: ReadonlyArray<{ name: string; test: (row: PeerRow) => boolean }> = [
  { name: 'mild steel 3/8 in and up', test: (row) => row.material === 'mild_steel' && row.thicknessIn >= 0.375 - 1e-9 },
  { name: '304 stainless', test: (row) => row.material === 'stainless_304' },
];

/** Rows grouped by a key, each group summarised (groups with no point left out), in the order first met. */
export function summariseBy(rows: readonly PeerRow[], key: (row: PeerRow) => string | null): Array<{ name: string; summary: PeerSummary }> {
  const groups = new Map<string, PeerRow[]>();
  for (const row of rows) {
    const name = key(row);
    if (name === null) continue;
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return [...groups].map(([name, grouped]) => ({ name, summary: summarisePeers(grouped) }));
}

/** The band a quantity falls in. */
export function quantityBand(quantity: number): string {
  return QUANTITY_BANDS.find((band) => quantity >= band.min && quantity <= band.max)!.name;
}
