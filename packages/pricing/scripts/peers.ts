// Prices every point of the peer set (peer-prices/peer-prices.json) at the peer's quantity and prints
// the peer's price, ours and the ratio, with the median, quartiles and the worst points.
// `pnpm --filter @shop/pricing peers`
import { describeSummary, PEER_CAD_PER_USD, PEER_CRITERIA, pricePeers, summarisePeers } from '../src/test-peer-prices';

const rows = pricePeers();
const money = (cents: number) => (cents / 100).toFixed(2);
console.log(`Peer prices at ${PEER_CAD_PER_USD} CAD per USD, each at the peer's quantity (CAD before tax).`);
console.log(`${'id'.padEnd(26)} ${'qty'.padStart(4)} ${'peer CAD'.padStart(9)} ${'ours'.padStart(9)} ${'ratio'.padStart(6)}  nest`);
for (const row of rows) {
  const flag = row.ratio < PEER_CRITERIA.bandLow || row.ratio > PEER_CRITERIA.bandHigh ? ' *' : '  ';
  console.log(`${row.id.padEnd(26)} ${String(row.quantity).padStart(4)} ${money(row.peerCents).padStart(9)} ${money(row.ourCents).padStart(9)} ${row.ratio.toFixed(2).padStart(6)}${flag}${row.nest}`);
}
const summary = summarisePeers(rows);
console.log('');
console.log(describeSummary(summary));
console.log(`median ${summary.median.toFixed(3)}; lower quartile ${summary.lowerQuartile.toFixed(3)}; upper quartile ${summary.upperQuartile.toFixed(3)}`);
console.log(`worst low: ${summary.lowest.id} ${summary.lowest.ratio.toFixed(3)}; worst high: ${summary.highest.id} ${summary.highest.ratio.toFixed(3)}`);
console.log(`* outside ${PEER_CRITERIA.bandLow}-${PEER_CRITERIA.bandHigh}`);
