import { Bend } from '@shop/contracts';
import { analyzePlate } from './analyze-plate';
import { expandFold } from './bend-lines';
import { walkFacets } from './fold-facets';
import { expandOutline } from './outline';
import type { PolygonShape } from './outline';
import { RULES, combCorners, plate } from './test-plates';

type Corners = Array<[number, number]>;
const fold = (s: [number, number], e: [number, number]) => Bend.parse({ start_in: s, end_in: e });

function depthsOf(points: Corners, bends: Array<[[number, number], [number, number]]>) {
  const shape = expandOutline({ kind: 'polygon', points_in: points }) as PolygonShape;
  return walkFacets(shape.xs, shape.ys, bends.map(([s, e]) => expandFold(fold(s, e), shape)));
}

describe('walkFacets', () => {
  it('measures each flange of a rectangle cut by two folds to the edge or the next fold', () => {
    // 6 x 4, folds at y = 1 and y = 3 (left of a fold running +x is above it).
    expect(depthsOf([[0, 0], [6, 0], [6, 4], [0, 4]], [[[0, 1], [6, 1]], [[0, 3], [6, 3]]])).toEqual([
      { left: 2, right: 1 },
      { left: 1, right: 2 },
    ]);
  });

  it('takes a fold across the teeth of a comb as the tips above it and the base below', () => {
    // Three teeth 1 wide, 4 tall on a 2 in base; the fold at y = 4 leaves 2 in of each tip above.
    expect(depthsOf(combCorners(3, 3, 2, 4), [[[0, 4], [7, 4]]])).toEqual([{ left: 2, right: 4 }]);
    // Along the base's top edge the line bends only the teeth's roots: the teeth above, the base below.
    expect(depthsOf(combCorners(3, 3, 2, 4), [[[0, 2], [7, 2]]])).toEqual([{ left: 4, right: 2 }]);
  });

  it('splits facets where two folds cross inside the part', () => {
    // 10 x 10 cut into quarters by folds at x = 4 and y = 3.
    const [vertical, horizontal] = depthsOf([[0, 0], [10, 0], [10, 10], [0, 10]], [[[4, 0], [4, 10]], [[0, 3], [10, 3]]]);
    expect(vertical).toEqual({ left: 4, right: 6 });
    expect(horizontal).toEqual({ left: 7, right: 3 });
  });

  it('does not take a piece that only lies along a fold line, past the material the fold bends, for a flange of it', () => {
    // bends[0] (y = 6) bends only the right tooth (14 to 16); the left tooth's top edge lies on its
    // line, and bends[1] cuts a 0.9 in tip off that tooth: a flange of bends[1], not of bends[0].
    const points: Corners = [[0, 0], [16, 0], [16, 7], [14, 7], [14, 2], [4, 2], [4, 6], [2, 6], [2, 2], [0, 2]];
    const a = analyzePlate(plate({ outline: { kind: 'polygon', points_in: points }, bends: [fold([0, 6], [16, 6]), fold([0, 5.9], [10, 3.9])] }), RULES);
    expect(a.issues.map((i) => [i.code, i.param])).toEqual([['bend_flange_too_short', 'bends[1]']]);
    expect(a.issues[0]!.message).toMatch(/^The material above the fold of bends\[1\] \(\(0, 5\.9\) to \(10, 3\.9\)\) reaches only 0\.8825 in from it;/);
  });

  it('walks a fold across 3,999 teeth in one pass', () => {
    const teeth = combCorners(3999, 1.5, 20, 5).map(([x, y]): [number, number] => [x / 50, y]);
    const [across] = depthsOf(teeth, [[[0, 22], [120, 22]]]);
    expect(across).toEqual({ left: 3, right: 22 });
  });
});
