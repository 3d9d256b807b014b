import peerSet from '../peer-prices/peer-prices.json';
import { PEER_CRITERIA, pricePeers, summarisePeers } from './test-peer-prices';

const rows = pricePeers();
const summary = summarisePeers(rows);

describe('the dated peer price set', () => {
  it('prices every point of the set at its quantity, converted at 1.38 CAD per USD', () => {
    expect(peerSet.usd_to_cad).toBe(1.38);
    expect(rows).toHaveLength(peerSet.points.length);
    expect(rows.length).toBeGreaterThanOrEqual(59);
    for (const row of rows) {
      expect(Number.isSafeInteger(row.ourCents) && row.ourCents > 0).toBe(true);
      expect(row.ratio).toBeCloseTo(row.ourCents / row.peerCents, 12);
    }
  });

  it(`asks a median of ${PEER_CRITERIA.medianMin}-${PEER_CRITERIA.medianMax} of the peer price`, () => {
    expect(summary.median).toBeGreaterThanOrEqual(PEER_CRITERIA.medianMin);
    expect(summary.median).toBeLessThanOrEqual(PEER_CRITERIA.medianMax);
  });

  it(`keeps at least ${PEER_CRITERIA.withinShareMin * 100}% of the points within ${PEER_CRITERIA.bandLow}-${PEER_CRITERIA.bandHigh} of the peer`, () => {
    expect(summary.withinShare).toBeGreaterThanOrEqual(PEER_CRITERIA.withinShareMin);
  });

  it(`asks under ${PEER_CRITERIA.floor} of the peer for no point`, () => {
    expect(summary.under.map((row) => `${row.id} ${row.ratio.toFixed(3)}`)).toEqual([]);
  });

  it('summarises by the medians of the halves', () => {
    expect(summarisePeers([1, 2, 3, 4, 5].map((ratio) => ({ ...rows[0]!, ratio })))).toMatchObject({ median: 3, lowerQuartile: 1.5, upperQuartile: 4.5, withinShare: 0.2 });
  });
});
