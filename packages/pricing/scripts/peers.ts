// Prices every dated peer point (peer-prices/peer-prices.json and peer-prices/validation-prices.json,
// two files of one set: pricing v4's figures were chosen while looking at both) at the peer's quantity
// and prints each point with the peer's price, ours and the ratio; then the summary of all points, by
// file, by source, by quantity band and for the groups held to a median, and whether the criteria are met.
// `pnpm --filter @shop/pricing peers`
import {
  describeSummary,
  GROUP_CRITERIA,
  MATERIAL_GROUPS,
  PEER_CRITERIA,
  PEER_SETS,
  pricedAllPeers,
  pricePeers,
  QUANTITY_BANDS,
  quantityBand,
  summariseBy,
  summarisePeers,
} from '../src/test-peer-prices';

const money = (cents: number) => (cents / 100).toFixed(2);

for (const set of [PEER_SETS.fit, PEER_SETS.validation]) {
  const rows = pricePeers(set);
  console.log(`peer-prices/${set.file}, at ${set.usdToCad} CAD per USD, each at the peer's quantity (CAD before tax).`);
  console.log(`${'id'.padEnd(28)} ${'qty'.padStart(4)} ${'peer CAD'.padStart(9)} ${'ours'.padStart(9)} ${'ratio'.padStart(6)}  nest`);
  for (const row of rows) {
    const flag = row.ratio < PEER_CRITERIA.bandLow || row.ratio > PEER_CRITERIA.bandHigh ? ' *' : '  ';
    console.log(`${row.id.padEnd(28)} ${String(row.quantity).padStart(4)} ${money(row.peerCents).padStart(9)} ${money(row.ourCents).padStart(9)} ${row.ratio.toFixed(2).padStart(6)}${flag}${row.nest}`);
  }
  console.log('');
}

const all = pricedAllPeers();
const summary = summarisePeers(all);
console.log(`Every dated point: ${describeSummary(summary)}`);
console.log(`  median ${summary.median.toFixed(3)}; quartiles ${summary.lowerQuartile.toFixed(3)}-${summary.upperQuartile.toFixed(3)}`);
console.log('By file:');
for (const set of [PEER_SETS.fit, PEER_SETS.validation]) console.log(`  ${set.file}: ${describeSummary(summarisePeers(pricePeers(set)))}`);
console.log('By source:');
for (const { name, summary: bySource } of summariseBy(all, (row) => row.peer)) console.log(`  ${name}: ${describeSummary(bySource)}`);
console.log('By quantity band:');
for (const band of QUANTITY_BANDS) {
  const rows = all.filter((row) => quantityBand(row.quantity) === band.name);
  console.log(`  ${band.name}: ${rows.length === 0 ? 'no dated point' : describeSummary(summarisePeers(rows))}`);
}
console.log(`Groups held to a median of ${GROUP_CRITERIA.medianMin}-${GROUP_CRITERIA.medianMax}:`);
const groupChecks = MATERIAL_GROUPS.map((group) => {
  const grouped = summarisePeers(all.filter(group.test));
  console.log(`  ${group.name}: ${describeSummary(grouped)}`);
  return [`${group.name} median ${GROUP_CRITERIA.medianMin}-${GROUP_CRITERIA.medianMax}`, grouped.median >= GROUP_CRITERIA.medianMin && grouped.median <= GROUP_CRITERIA.medianMax] as const;
});
const checks = [
  [`median ${PEER_CRITERIA.medianMin}-${PEER_CRITERIA.medianMax}`, summary.median >= PEER_CRITERIA.medianMin && summary.median <= PEER_CRITERIA.medianMax],
  [`at least ${PEER_CRITERIA.withinShareMin * 100}% within ${PEER_CRITERIA.bandLow}-${PEER_CRITERIA.bandHigh}`, summary.withinShare >= PEER_CRITERIA.withinShareMin],
  [`none under ${PEER_CRITERIA.floor}`, summary.under.length === 0],
  ...groupChecks,
] as const;
console.log(`criteria: ${checks.map(([what, met]) => `${what} ${met ? 'met' : 'MISSED'}`).join('; ')}`);
console.log(`* outside ${PEER_CRITERIA.bandLow}-${PEER_CRITERIA.bandHigh}`);
if (!checks.every(([, met]) => met)) process.exitCode = 1;
