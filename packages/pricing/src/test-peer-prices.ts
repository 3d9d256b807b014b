// The dated peer price set (peer-prices/peer-prices.json: each point with its source, date, what it
// includes and the same part as a plate item) priced through the model at the peer's quantity. The
// peers script prints it, a test holds the set to its three criteria, and the docs carry its table.
import { createCatalog } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import peerSet from '../peer-prices/peer-prices.json';
import { pricePlateItem } from './price-plate';

interface PeerPoint {
  id: string;
  peer: string;
  source: string;
  date: string;
  spec: string;
  quantity: number;
  peer_usd_each: number;
  includes: string;
  mapping: string;
  item: unknown;
}

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

/** The criteria the set is held to. */
export const PEER_CRITERIA = { medianMin: 0.85, medianMax: 1.1, bandLow: 0.75, bandHigh: 1.3, withinShareMin: 0.8, floor: 0.6 } as const;

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

/** CAD per USD the set converts at. */
export const PEER_CAD_PER_USD: number = peerSet.usd_to_cad;

/** Every point of the set priced at its quantity, in the set's order. */
export function pricePeers(): PeerRow[] {
  return (peerSet.points as PeerPoint[]).map((point) => {
    const quoted = pricePlateItem(PlateItem.parse(point.item), { catalog });
    if (quoted.status !== 'ready' || quoted.unit_amount_cents === null) {
      throw new Error(`Peer point ${point.id} is not priced: ${quoted.issues.map((issue) => issue.message).join(' ')}`);
    }
    const peerCents = Math.round(point.peer_usd_each * PEER_CAD_PER_USD * 100);
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

/** The docs' table: every point, the peer's price and ours each at its quantity, CAD, and the ratio. */
export function renderPeerTable(): string {
  const rows = pricePeers();
  const lines = ['| Point | Date | Part | Qty | Peer, CAD each | Ours, CAD each | Ratio |', '|---|---|---|---:|---:|---:|---:|'];
  for (const row of rows) {
    lines.push(`| ${row.id} | ${row.date} | ${row.spec} | ${row.quantity} | ${dollars(row.peerCents)} | ${dollars(row.ourCents)} | ${row.ratio.toFixed(2)} |`);
  }
  lines.push('', describeSummary(summarisePeers(rows)) + '.');
  return lines.join('\n');
}
