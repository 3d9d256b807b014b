// An outline surveyed once answers the web check exactly as searching it again would, at every web
// up to its reach, and the search is skipped.
import type { PlateItem } from '@shop/contracts';
import fc from 'fast-check';
import { analyzePlate } from './analyze-plate';
import { SURVEY_REACH_IN, surveyPlate, surveyPlateOutline } from './outline-survey';
import { RULES, combPlate, importedPlate, plate } from './test-plates';

const sixtyFourths = (min: number, max: number) => fc.integer({ min: min * 64, max: max * 64 }).map((v) => v / 64);

/** A star around (30, 30) whose legs may be thin (radii from 1/4 in): necks and legs of every width. */
const star = (mirrored: boolean) =>
  fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 1799 }), sixtyFourths(0.25, 20)), { minLength: 2, maxLength: 16, selector: ([a]) => a })
    .map((half) => {
      // Mirrored across the x axis, a star has its narrow places in pairs of exactly equal width.
      const corners = mirrored ? [...half, ...half.map(([a, r]): [number, number] => [3600 - a, r])] : half.map(([a, r]): [number, number] => [2 * a, r]);
      return corners
        .sort((p, q) => p[0] - q[0])
        .map(([tenths, r]): [number, number] => {
          const a = (tenths / 3600) * 2 * Math.PI;
          return [Math.round((30 + r * Math.cos(a)) * 64) / 64, Math.round((30 + r * Math.sin(a)) * 64) / 64];
        });
    })
    .filter((points) => points.length >= 3);

const thickness = fc.constantFrom(0.0625, 0.125, 0.1875, 0.25, 0.375, 0.5, 0.75, 1);

function polygonPlate(points: Array<[number, number]>, thicknessIn: number): PlateItem {
  return plate({ thickness_in: thicknessIn, outline: { kind: 'polygon', points_in: points } });
}

describe('surveyPlateOutline', () => {
  it('gives the same issues and figures as a search, at every thickness up to its reach, on generated stars', () => {
    fc.assert(
      fc.property(fc.boolean().chain(star), thickness, (points, t) => {
        const item = polygonPlate(points, t);
        const survey = surveyPlateOutline(item.outline);
        expect(survey).not.toBeNull();
        expect(analyzePlate(item, RULES, 'items[0]', { outline: survey! })).toEqual(analyzePlate(item, RULES, 'items[0]'));
      }),
      { numRuns: 400 },
    );
  });

  it('finds a 0.2 in neck between two V notches and answers from it at 1/4 in but not at 1/8 in', () => {
    const item = polygonPlate(
      [
        [0, 0],
        [4.9, 0],
        [5, 4.9],
        [5.1, 0],
        [10, 0],
        [10, 10],
        [5.1, 10],
        [5, 5.1],
        [4.9, 10],
        [0, 10],
      ],
      0.25,
    );
    const survey = surveyPlateOutline(item.outline)!;
    expect(survey.reachIn).toBe(SURVEY_REACH_IN);
    expect(survey.neck?.widthIn).toBeCloseTo(0.2, 9);
    const at = (t: number) => analyzePlate({ ...item, thickness_in: t }, RULES, '', { outline: survey }).issues.map((issue) => issue.code);
    expect(at(0.25)).toContain('web_too_narrow');
    expect(at(0.125)).not.toContain('web_too_narrow');
  });

  it('is not used for another outline or past its reach: the outline is searched as without one', () => {
    const wide = polygonPlate(
      [
        [0, 0],
        [4.9, 0],
        [5, 4.9],
        [5.1, 0],
        [10, 0],
        [10, 10],
        [5.1, 10],
        [5, 5.1],
        [4.9, 10],
        [0, 10],
      ],
      0.25,
    );
    // A survey claiming no neck within a reach too short for a 1/4 in web: the search runs and finds it.
    const short = { reachIn: 0.1, corners: 10, neck: null };
    expect(analyzePlate(wide, RULES, '', { outline: short }).issues.map((issue) => issue.code)).toContain('web_too_narrow');
    // A survey of another polygon (its corners differ) is ignored.
    const other = { reachIn: 1, corners: 4, neck: null };
    expect(analyzePlate(wide, RULES, '', { outline: other }).issues.map((issue) => issue.code)).toContain('web_too_narrow');
  });

  it('keeps why an outline is no simple polygon, and the analysis answers from it as from the check', () => {
    const bowtie = polygonPlate(
      [
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
      ],
      0.25,
    );
    const survey = surveyPlateOutline(bowtie.outline)!;
    expect(survey.problem).toMatch(/crosses or touches itself/);
    expect(survey.neck).toBeNull();
    const analysis = analyzePlate(bowtie, RULES, 'items[0]', { outline: survey });
    expect(analysis).toEqual(analyzePlate(bowtie, RULES, 'items[0]'));
    expect(analysis.issues.map((issue) => issue.code)).toEqual(['outline_invalid']);
    // A survey that says the outline is valid is taken at its word: the check is not made again.
    const trusted = analyzePlate(bowtie, RULES, '', { outline: { ...survey, problem: null } });
    expect(trusted.issues.map((issue) => issue.code)).not.toContain('outline_invalid');
  });

  it('measures an import\'s own folds once: the analysis answers from them as from walking the facets, and not for other folds', () => {
    for (const part of [combPlate(), importedPlate([{ start_in: [0, 33], end_in: [120, 33] }, { start_in: [0, 85], end_in: [120, 85] }])]) {
      const known = surveyPlate(part);
      expect(known.flanges?.depths).toHaveLength(part.bends.length);
      for (const thicknessIn of [0.0625, 0.25, 0.5]) {
        const item = { ...part, thickness_in: thicknessIn };
        expect(analyzePlate(item, RULES, 'items[0]', known)).toEqual(analyzePlate(item, RULES, 'items[0]'));
      }
      // Other folds than the import's own are measured as sent.
      const moved = { ...part, bends: part.bends.map((bend) => ({ ...bend, start_in: [bend.start_in[0], bend.start_in[1] + 0.5] as [number, number], end_in: [bend.end_in[0], bend.end_in[1] + 0.5] as [number, number] })) };
      expect(analyzePlate(moved, RULES, '', known)).toEqual(analyzePlate(moved, RULES, ''));
    }
    // Known depths are taken at their word (the facets are not walked again): shallow ones are reported.
    const part = importedPlate([{ start_in: [0, 33], end_in: [120, 33] }]);
    const shallow = { flanges: { bends: JSON.stringify(part.bends), depths: [{ left: 0.01, right: 0.01, tolerance: 0 }] } };
    expect(analyzePlate(part, RULES, '', shallow).issues.map((issue) => issue.code)).toContain('bend_flange_too_short');
    expect(analyzePlate(part, RULES, '').issues.map((issue) => issue.code)).not.toContain('bend_flange_too_short');
    expect(surveyPlate({ outline: { kind: 'rectangle', width_in: 4, height_in: 2 }, bends: [] })).toEqual({});
  });

  it('is null for a rectangle, a circle and a ring (their webs are formulas)', () => {
    expect(surveyPlateOutline({ kind: 'rectangle', width_in: 4, height_in: 2 })).toBeNull();
    expect(surveyPlateOutline({ kind: 'circle', diameter_in: 4 })).toBeNull();
    expect(surveyPlateOutline({ kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 2 })).toBeNull();
  });
});
