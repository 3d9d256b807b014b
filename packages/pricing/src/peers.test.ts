import { PlateItem } from '@shop/contracts';
import { GROUP_CRITERIA, MATERIAL_GROUPS, PEER_CRITERIA, PEER_SETS, pricedAllPeers, pricePeers, quantityBand, readPeerSet, summariseBy, summarisePeers } from './test-peer-prices';
import type { PeerSet } from './test-peer-prices';

describe('every dated peer point, both files together', () => {
  const rows = pricedAllPeers();
  const summary = summarisePeers(rows);

  it('prices every point of both files at its quantity, converted at 1.38 CAD per USD', () => {
    for (const set of [PEER_SETS.fit, PEER_SETS.validation]) expect(set.usdToCad).toBe(1.38);
    expect(rows).toHaveLength(PEER_SETS.fit.points.length + PEER_SETS.validation.points.length);
    expect(rows.length).toBeGreaterThanOrEqual(139);
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

  it.each(MATERIAL_GROUPS.map((group) => [group.name, group] as const))(`asks %s a median of ${GROUP_CRITERIA.medianMin}-${GROUP_CRITERIA.medianMax} of its peers`, (_name, group) => {
    const grouped = summarisePeers(rows.filter(group.test));
    expect(grouped.count).toBeGreaterThanOrEqual(7);
    expect(grouped.median).toBeGreaterThanOrEqual(GROUP_CRITERIA.medianMin);
    expect(grouped.median).toBeLessThanOrEqual(GROUP_CRITERIA.medianMax);
  });

  it('summarises by source and by quantity band, every point in exactly one band', () => {
    const bySource = summariseBy(rows, (row) => row.peer);
    expect(bySource.map((group) => group.name)).toEqual(['SendCutSend', 'SendCutSend (published example)', 'Fabworks']);
    expect(bySource.reduce((sum, group) => sum + group.summary.count, 0)).toBe(rows.length);
    const byBand = summariseBy(rows, (row) => quantityBand(row.quantity));
    expect(byBand.reduce((sum, group) => sum + group.summary.count, 0)).toBe(rows.length);
    expect([1, 2, 9, 10, 99, 100, 500, 501].map(quantityBand)).toEqual(['1 piece', '2-9 pieces', '2-9 pieces', '10-99 pieces', '10-99 pieces', '100-500 pieces', '100-500 pieces', 'over 500 pieces']);
  });
});

describe('the two peer sets', () => {
  it('share no point: no id, and no part at the same quantity and peer price', () => {
    const fitIds = new Set(PEER_SETS.fit.points.map((point) => point.id));
    expect(PEER_SETS.validation.points.filter((point) => fitIds.has(point.id)).map((point) => point.id)).toEqual([]);
    const key = (point: PeerSet['points'][number]) => JSON.stringify([PlateItem.parse(point.item), point.quantity, point.peer_usd_each]);
    const fitKeys = new Set(PEER_SETS.fit.points.map(key));
    expect(PEER_SETS.validation.points.filter((point) => fitKeys.has(key(point))).map((point) => point.id)).toEqual([]);
  });

  it('hold only materials and thicknesses the catalog sells, each at the quantity the peer priced', () => {
    for (const set of [PEER_SETS.fit, PEER_SETS.validation]) {
      for (const point of set.points) expect(PlateItem.parse(point.item).quantity).toBe(point.quantity);
    }
    // pricePeers throws on a thickness or material the catalog does not list, and on a blocked part.
    expect(() => pricePeers(PEER_SETS.validation)).not.toThrow();
  });

  it('refuse a point without its source, date, inclusions or mapping, and a repeated id', () => {
    const point = { id: 'X-1', peer: 'P', source: 'https://example.org/a', date: '2026-01-02', spec: 's', quantity: 1, peer_usd_each: 1, includes: 'i', mapping: 'm', item: {} };
    const file = (points: unknown[]) => ({ usd_to_cad: 1.38, note: 'n', points });
    expect(readPeerSet('validation', 'v.json', file([point])).points).toHaveLength(1);
    expect(() => readPeerSet('validation', 'v.json', file([point, point]))).toThrow(/X-1 is used twice/);
    for (const field of ['source', 'date', 'includes', 'mapping'] as const) {
      expect(() => readPeerSet('validation', 'v.json', file([{ ...point, [field]: '' }]))).toThrow();
    }
    expect(() => readPeerSet('validation', 'v.json', file([{ ...point, date: 'last spring' }]))).toThrow();
    expect(() => readPeerSet('validation', 'v.json', file([{ ...point, quantity: 0 }]))).toThrow();
  });

  it('summarises by the medians of the halves', () => {
    const row = pricePeers(PEER_SETS.fit)[0]!;
    expect(summarisePeers([1, 2, 3, 4, 5].map((ratio) => ({ ...row, ratio })))).toMatchObject({ median: 3, lowerQuartile: 1.5, upperQuartile: 4.5, withinShare: 0.2 });
  });
});
