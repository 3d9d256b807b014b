// An imported outline's narrow places found once, when its drawing is read, for every thickness the
// laser cuts: quotes naming the import then check its web without searching its corners again.
import type { Outline } from '@shop/contracts';
import { expandOutline } from './outline';
import { surveyOutline } from './outline-webs';
import type { OutlineSurvey } from './outline-webs';

/**
 * The widest minimum web a survey answers for: the web is the thickness (at most 1 in through the
 * laser); a price book asking more makes the check search the outline itself, as for a typed plate.
 */
export const SURVEY_REACH_IN = 1;

/** The survey of a polygon outline (null for a rectangle, circle or ring: their webs are formulas). */
export function surveyPlateOutline(outline: Outline, reachIn: number = SURVEY_REACH_IN): OutlineSurvey | null {
  if (outline.kind !== 'polygon') return null;
  const shape = expandOutline(outline);
  return shape.kind === 'polygon' ? surveyOutline(shape, reachIn) : null;
}
