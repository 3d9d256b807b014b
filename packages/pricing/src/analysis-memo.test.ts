import { createCatalog } from '@shop/catalog';
import { typedRequest, QuoteRequest } from '@shop/contracts';
import type { PlateItem } from '@shop/contracts';
import { analyzePlate } from '@shop/geometry';
import { createAnalysisMemo } from './analysis-memo';
import { priceQuote } from './price-quote';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
const now = new Date('2026-11-27T12:00:00.000Z');
const previewUrl = (id: string, i: number) => `https://quote.example.ca/q/${id}/${i}`;

// One part's arrays in several items, as a quote naming one import has them; two holes too close together.
const outline = { kind: 'polygon' as const, points_in: [[0, 0], [20, 0], [20, 10], [0, 10]] as Array<[number, number]> };
const holes: PlateItem['holes'] = [
  { kind: 'single', x_in: 5, y_in: 5, diameter_in: 1 },
  { kind: 'single', x_in: 5.9, y_in: 5, diameter_in: 1 },
];
const item = (quantity: number, thickness_in = 0.25): PlateItem =>
  typedRequest(QuoteRequest.parse({ items: [{ kind: 'plate', material: 'mild_steel', thickness_in, outline, holes, quantity }] })).items[0] as PlateItem;
const shared = (quantity: number, thickness_in?: number): PlateItem => ({ ...item(quantity, thickness_in), outline, holes, cutouts: [] as PlateItem['cutouts'] });

describe('createAnalysisMemo', () => {
  it('prices a quote whose items share a part to the same bytes as without it, each issue naming its own item', () => {
    const cutouts: PlateItem['cutouts'] = [];
    const items = [5, 10, 25].map((q) => ({ ...shared(q), cutouts }));
    const request = { items: [...items, { ...shared(7, 0.1345), cutouts }] };
    const plain = priceQuote(request, { catalog, now, quoteId: 'q_memo', previewUrl });
    const memo = createAnalysisMemo();
    const memoised = priceQuote(request, { catalog, now, quoteId: 'q_memo', previewUrl, memo });
    expect(JSON.stringify(memoised)).toBe(JSON.stringify(plain));
    expect(memoised.items[2]!.issues[0]!.param).toMatch(/^items\[2\]\.holes/);
    // The next quote naming the same part is checked from the memo, and still reads the same.
    expect(JSON.stringify(priceQuote(request, { catalog, now, quoteId: 'q_memo', previewUrl, memo }))).toBe(JSON.stringify(plain));
  });

  it('checks a part once per thickness and folds, and again for other arrays', () => {
    const memo = createAnalysisMemo();
    const rules = catalog.findPlateStock('mild_steel', 0.25)!.rules;
    const part = shared(1);
    const first = memo.analyze(part, rules, 'items[0]');
    const again = memo.analyze({ ...part, quantity: 9 }, rules, 'items[4]');
    expect(again.issues.map((i) => i.param)).toEqual(first.issues.map((i) => i.param!.replace('items[0]', 'items[4]')));
    expect({ ...again, issues: [] }).toEqual({ ...first, issues: [] });
    // A fold changes the checks: not taken from the memo.
    const folded = memo.analyze({ ...part, bends: [{ start_in: [10, 0], end_in: [10, 10], angle_deg: 90, direction: 'up' }] }, rules, 'items[0]');
    expect(folded.bendCount).toBe(1);
    expect(folded).toEqual(analyzePlate({ ...part, bends: [{ start_in: [10, 0], end_in: [10, 10], angle_deg: 90, direction: 'up' }] }, rules, 'items[0]'));
  });
});
