// Prices every point of the two peer sets (peer-prices/peer-prices.json, the set the figures were
// chosen against, and peer-prices/validation-prices.json, held back to check that the model
// generalises) at the peer's quantity and prints, for each, the peer's price, ours and the ratio,
// with the median, quartiles, the worst points and whether the set meets its three criteria.
// `pnpm --filter @shop/pricing peers`
import { describeSummary, PEER_CRITERIA, PEER_SETS, pricePeers, summarisePeers } from '../src/test-peer-prices';
import type { PeerSet } from '../src/test-peer-prices';

const money = (cents: number) => (cents / 100).toFixed(2);
const TITLES: Record<PeerSet['name'], string> = {
  fit: 'Fit set (the figures were chosen against it)',
  validation: 'Validation set (held back from that choice)',
};

function printSet(set: PeerSet): boolean {
  const rows = pricePeers(set);
  console.log(`${TITLES[set.name]}: peer-prices/${set.file}, at ${set.usdToCad} CAD per USD, each at the peer's quantity (CAD before tax).`);
  console.log(`${'id'.padEnd(28)} ${'qty'.padStart(4)} ${'peer CAD'.padStart(9)} ${'ours'.padStart(9)} ${'ratio'.padStart(6)}  nest`);
  for (const row of rows) {
    const flag = row.ratio < PEER_CRITERIA.bandLow || row.ratio > PEER_CRITERIA.bandHigh ? ' *' : '  ';
    console.log(`${row.id.padEnd(28)} ${String(row.quantity).padStart(4)} ${money(row.peerCents).padStart(9)} ${money(row.ourCents).padStart(9)} ${row.ratio.toFixed(2).padStart(6)}${flag}${row.nest}`);
  }
  const summary = summarisePeers(rows);
  const checks = [
    [`median ${PEER_CRITERIA.medianMin}-${PEER_CRITERIA.medianMax}`, summary.median >= PEER_CRITERIA.medianMin && summary.median <= PEER_CRITERIA.medianMax],
    [`at least ${PEER_CRITERIA.withinShareMin * 100}% within ${PEER_CRITERIA.bandLow}-${PEER_CRITERIA.bandHigh}`, summary.withinShare >= PEER_CRITERIA.withinShareMin],
    [`none under ${PEER_CRITERIA.floor}`, summary.under.length === 0],
  ] as const;
  console.log('');
  console.log(describeSummary(summary));
  console.log(`median ${summary.median.toFixed(3)}; lower quartile ${summary.lowerQuartile.toFixed(3)}; upper quartile ${summary.upperQuartile.toFixed(3)}`);
  console.log(`worst low: ${summary.lowest.id} ${summary.lowest.ratio.toFixed(3)}; worst high: ${summary.highest.id} ${summary.highest.ratio.toFixed(3)}`);
  console.log(`criteria: ${checks.map(([what, met]) => `${what} ${met ? 'met' : 'MISSED'}`).join('; ')}`);
  console.log(`* outside ${PEER_CRITERIA.bandLow}-${PEER_CRITERIA.bandHigh}`);
  return checks.every(([, met]) => met);
}

const met = [printSet(PEER_SETS.fit), (console.log(''), printSet(PEER_SETS.validation))];
if (!met.every(Boolean)) process.exitCode = 1;
