import { MAX_ITEM_ISSUES } from '@shop/contracts';
import type { Quote } from '@shop/contracts';
import { priceQuote } from './price-quote';
import fc from 'fast-check';
import { ADVERSARIAL_PLATES, adversarialQuote, costlyPlate } from './test-adversarial-plates';
import { quoteOptions, request } from './test-fixtures';

const bytes = (quote: Quote) => Buffer.byteLength(JSON.stringify(quote));
const one = (item: Parameters<typeof request>[0][number]) => priceQuote(request([item]), quoteOptions()).items[0]!;
const plate = { kind: 'plate', material: 'mild_steel' } as const;

describe('priceQuote bounds its output whatever the plate', () => {
  it.each(Object.keys(ADVERSARIAL_PLATES))('keeps the adversarial plate %s blocked, under 25 issues and a few KiB', (name) => {
    const quote = priceQuote(request([ADVERSARIAL_PLATES[name]!]), quoteOptions());
    const [item] = quote.items;
    expect(item!.status).toBe('blocked');
    expect(item!.issues.length).toBeLessThanOrEqual(MAX_ITEM_ISSUES);
    expect(new Set(item!.issues.map((i) => i.code)).size * 3).toBeGreaterThanOrEqual(item!.issues.length);
    expect(bytes(quote)).toBeLessThan(16 * 1024);
  });

  it('answers 200 stacked holes with three overlap issues and no weight, not 19,900 issues', () => {
    const quote = priceQuote(request([ADVERSARIAL_PLATES.stackedHoles!]), quoteOptions());
    const item = quote.items[0]!;
    expect(item.issues.map((i) => i.code)).toEqual(['holes_overlap', 'holes_overlap', 'holes_overlap']);
    expect(item.issues[2]!.message).toMatch(/^19,900 pairs of cutouts overlapping or too close in all/);
    expect(item.plate).toMatchObject({ hole_count: 200, weight_lb: null, cut_length_in: null, preview_url: null });
    expect(bytes(quote)).toBeLessThan(4 * 1024);
  });

  it('keeps a quote of ten of the worst plates under 256 KiB', () => {
    for (const name of Object.keys(ADVERSARIAL_PLATES)) {
      const quote = priceQuote(request(adversarialQuote(name).items), quoteOptions());
      expect(bytes(quote)).toBeLessThan(256 * 1024);
      expect(quote.items).toHaveLength(10);
    }
  });

  it('orders each item blocking first, then warnings, then information', () => {
    const rank = { blocking: 0, warning: 1, info: 2 } as const;
    for (const name of Object.keys(ADVERSARIAL_PLATES)) {
      const ranks = one(ADVERSARIAL_PLATES[name]!).issues.map((i) => rank[i.severity]);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});

describe('priceQuote blocks what cannot be made, and nothing at the limits', () => {
  it('blocks two folds a ten-millionth of an inch apart', () => {
    const item = one({ ...plate, thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 10, height_in: 10 }, bends: [{ start_in: [0, 5], end_in: [10, 5] }, { start_in: [0, 5.0000001], end_in: [10, 5.0000001] }] });
    expect(item.status).toBe('blocked');
    expect(item.issues.map((i) => [i.code, i.param])).toEqual([['bend_flange_too_short', 'items[0].bends[1]']]);
  });

  it('blocks a 4 / 3.75 in ring in 1 in plate and prices a 4 / 2 in one (wall = thickness)', () => {
    const thin = one({ ...plate, thickness_in: 1, outline: { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 3.75 } });
    expect(thin.status).toBe('blocked');
    expect(thin.issues.map((i) => i.code)).toContain('web_too_narrow');
    const atLimit = one({ ...plate, thickness_in: 1, outline: { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 2 } });
    expect(atLimit.status).toBe('ready');
    expect(atLimit.amount_cents).toBeGreaterThan(0);
  });

  it('blocks an L with 0.2 in legs in 1 in plate and prices one with 1 in legs (web = thickness)', () => {
    const legs = (w: number): Array<[number, number]> => [[0, 0], [10, 0], [10, w], [w, w], [w, 10], [0, 10]];
    const thin = one({ ...plate, thickness_in: 1, outline: { kind: 'polygon', points_in: legs(0.2) } });
    expect(thin.status).toBe('blocked');
    expect(thin.issues.map((i) => i.code)).toContain('web_too_narrow');
    expect(one({ ...plate, thickness_in: 1, outline: { kind: 'polygon', points_in: legs(1) } }).status).toBe('ready');
  });

  it('prices a fold with flanges of exactly 4 x thickness', () => {
    // 1/4 in: flange 1 in each side, two folds 2 in apart.
    const item = one({ ...plate, thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 8, height_in: 4 }, bends: [{ start_in: [0, 1], end_in: [8, 1] }, { start_in: [0, 3], end_in: [8, 3] }] });
    expect(item.status).toBe('ready');
    expect(item.issues.filter((i) => i.severity === 'blocking')).toEqual([]);
  });
});

describe('priceQuote bounds the output of any costly plate (property)', () => {
  it('never more than 25 issues, 3 of a code, or 16 KiB of quote for one plate item', () => {
    fc.assert(
      fc.property(costlyPlate(), (item) => {
        const quote = priceQuote(request([item]), quoteOptions());
        const issues = quote.items[0]!.issues;
        expect(issues.length).toBeLessThanOrEqual(MAX_ITEM_ISSUES);
        const perCode = new Map<string, number>();
        for (const issue of issues) perCode.set(issue.code, (perCode.get(issue.code) ?? 0) + 1);
        expect(Math.max(0, ...perCode.values())).toBeLessThanOrEqual(3);
        expect(bytes(quote)).toBeLessThan(16 * 1024);
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });
});
