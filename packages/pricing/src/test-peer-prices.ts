// The dated peer price sets (peer-prices/: each point with its source, date, what it includes and the
// same part as a plate item) priced through the model at the peer's quantity. The fit set
// (peer-prices.json) is what the figures were chosen against; the validation set
// (validation-prices.json) is held back from that choice to check that the model generalises. The
// peers script prints both, a test holds each to the three criteria, and the docs carry their tables.
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

/** The criteria each set is held to. */
export const PEER_CRITERIA = { medianMin: 0.85, medianMax: 1.1, bandLow: 0.75, bandHigh: 1.3, withinShareMin: 0.8, floor: 0.6 } as const;

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

/** Every point of a set priced at its quantity, in the set's order. */
export function pricePeers(set: PeerSet = PEER_SETS.fit): PeerRow[] {
  return set.points.map((point) => {
    const quoted = pricePlateItem(PlateItem.parse(point.item), { catalog });
    if (quoted.status !== 'ready' || quoted.unit_amount_cents === null) {
      throw new Error(`Peer point ${point.id} (${set.file}) is not priced: ${quoted.issues.map((issue) => issue.message).join(' ')}`);
    }
    if (quoted.quantity !== point.quantity) throw new Error(`Peer point ${point.id} (${set.file}) is priced at ${quoted.quantity} pieces, the peer at ${point.quantity}.`);
    const peerCents = Math.round(point.peer_usd_each * set.usdToCad * 100);
    return {
      id: point.id,
      peer: point.peer,
      date: point.date,
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
    lowerQuartile: median(ratios.slice(0, half)),
    upperQuartile: median(ratios.slice(ratios.length - half)),
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
    `${summary.count} points: median ${summary.median.toFixed(2)}, quartiles ${summary.lowerQuartile.toFixed(2)}-${summary.upperQuartile.toFixed(2)}, ` +
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

/** Each set's summary line, for the package README (which ships in the release and keeps to its size budget). */
export function renderPeerSummaries(): string {
  return [PEER_SETS.fit, PEER_SETS.validation].map((set) => `- \`${set.file}\`: ${describeSummary(summarisePeers(pricePeers(set)))}.`).join('\n');
}
