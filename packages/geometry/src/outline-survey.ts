// An imported part's costly figures found once, when its drawing is read: the outline's validity and
// narrow places for every thickness the laser cuts, and its own folds' flange depths. Quotes naming
// the import then check it without searching its corners or walking its facets again.
import type { Bend, Outline } from '@shop/contracts';
import type { KnownFigures, KnownFlanges } from './analyze-plate';
import { expandFold } from './bend-lines';
import { measureFlanges } from './flanges';
import { expandOutline } from './outline';
import { surveyOutline } from './outline-webs';
import type { OutlineSurvey } from './outline-webs';

/**
 * The widest minimum web a survey answers for: the web is the thickness (at most 1 in through the
 * laser); a price book asking more makes the check search the outline itself, as for a typed plate.
 */
export const SURVEY_REACH_IN = 1;

/**
 * What quotes of an imported part need of its own folds, measured once: each fold's flange depths
 * (null when the part has no folds, or its outline is not a simple polygon).
 */
function surveyPlateFolds(plate: { outline: Outline; bends: readonly Bend[] }): KnownFlanges | null {
  if (plate.bends.length === 0) return null;
  const shape = expandOutline(plate.outline);
  if (shape.kind === 'polygon' && shape.problem !== null) return null;
  const folds = plate.bends.map((bend) => expandFold(bend, shape));
  return { bends: JSON.stringify(plate.bends), depths: measureFlanges(shape, folds) };
}

/** The survey of a polygon outline (null for a rectangle, circle or ring: their webs are formulas). */
export function surveyPlateOutline(outline: Outline, reachIn: number = SURVEY_REACH_IN): OutlineSurvey | null {
  if (outline.kind !== 'polygon') return null;
  const shape = expandOutline(outline);
  return shape.kind === 'polygon' ? surveyOutline(shape, reachIn) : null;
}

/** Everything quotes of an imported part need found once when its drawing is read: kept with the import. */
export function surveyPlate(plate: { outline: Outline; bends: readonly Bend[] }): KnownFigures {
  const outline = surveyPlateOutline(plate.outline);
  const flanges = surveyPlateFolds(plate);
  return { ...(outline === null ? {} : { outline }), ...(flanges === null ? {} : { flanges }) };
}
