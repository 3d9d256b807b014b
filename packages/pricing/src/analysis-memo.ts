// A plate's measures and checks made once for plates that share their shapes: the items of a quote
// (or the quotes of a service) that name one imported drawing are given the same outline, holes and
// cut-out arrays, and checking 20,000 corners is most of what pricing such a part costs. Opt-in: a
// caller passes a memo only where those arrays are never changed after they are priced.
import { analyzePlate } from '@shop/geometry';
import type { KnownFigures, PlateAnalysis, PlateRules } from '@shop/geometry';
import type { PlateItem } from '@shop/contracts';

export interface AnalysisMemo {
  /** analyzePlate(item, rules, at), made once per outline, holes, cut-outs, rules, thickness and folds. */
  analyze(item: PlateItem, rules: PlateRules, at: string): PlateAnalysis;
  /** What was found of this outline's part when its drawing was read: used by every analysis of it. */
  remember(outline: PlateItem['outline'], known: KnownFigures): void;
}

type Level<T> = WeakMap<object, T>;

export function createAnalysisMemo(): AnalysisMemo {
  // Keyed by the arrays themselves: entries go with the parts they describe.
  const memo: Level<Level<Level<Level<Map<string, PlateAnalysis>>>>> = new WeakMap();
  const surveys: Level<KnownFigures> = new WeakMap();
  const step = <T>(level: Level<T>, key: object, make: () => T): T => {
    let next = level.get(key);
    if (next === undefined) {
      next = make();
      level.set(key, next);
    }
    return next;
  };
  return {
    remember(outline, known) {
      surveys.set(outline, known);
    },
    analyze(item, rules, at) {
      const byRules = step(step(step(memo, item.outline, () => new WeakMap()), item.holes, () => new WeakMap()), item.cutouts, () => new WeakMap());
      const byFolds = step(byRules, rules, () => new Map<string, PlateAnalysis>());
      const key = `${item.thickness_in}|${JSON.stringify(item.bends)}`;
      let analysis = byFolds.get(key);
      if (analysis === undefined) {
        analysis = analyzePlate(item, rules, '', surveys.get(item.outline) ?? {});
        byFolds.set(key, analysis);
      }
      // Made without the item's place: each use names its own.
      return at === '' ? analysis : { ...analysis, issues: analysis.issues.map((issue) => ({ ...issue, param: issue.param === null ? null : `${at}.${issue.param}` })) };
    },
  };
}
