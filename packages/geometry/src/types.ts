// The shapes @shop/geometry takes and gives. Rules come from the catalog, never constants in here.
import type { Issue } from '@shop/contracts';

/** Manufacturability thresholds for one material and thickness, all lengths in inches. */
export interface PlateRules {
  /** The sheet a part is cut from; a part must fit it in one orientation or the other. */
  sheetWidthIn: number;
  sheetHeightIn: number;
  /** Smallest part: each extent at least this. */
  minPartSizeIn: number;
  /** Web to an edge or between cutouts: at least max(webThicknessRatio x thickness, minWebIn). */
  webThicknessRatio: number;
  minWebIn: number;
  /** Hole diameter under holeBlockRatio x thickness is blocked; under holeWarnRatio x thickness warned. */
  holeBlockRatio: number;
  holeWarnRatio: number;
  /** Each side of a fold at least max(flangeThicknessRatio x thickness, minFlangeIn). */
  flangeThicknessRatio: number;
  minFlangeIn: number;
  /** A hole closer than holeBendClearanceRatio x thickness to a fold line is warned. */
  holeBendClearanceRatio: number;
}

/** Figures for one piece. */
export interface PlateMeasures {
  /** Extent of the outline in the item's frame. */
  widthIn: number;
  heightIn: number;
  outlineAreaIn2: number;
  /**
   * Outline minus every cutout's own area (holes, slots, cut-outs): exact when `cutoutsClear`; otherwise (cutouts that overlap
   * or leave the part) it takes off more than is really removed, so it is a lower bound.
   */
  netAreaIn2: number;
  /** The outline is valid and every cutout lies inside it, apart from the others: the figures describe a real piece. */
  cutoutsClear: boolean;
  /** Every contour's perimeter: outline (a ring's two circles), each hole, each slot, each cut-out. */
  cutLengthIn: number;
  /** One per closed contour. */
  pierceCount: number;
  /** Holes of every pattern counted one by one (slots and cut-outs not included). */
  holeCount: number;
  slotCount: number;
  /** Cut-outs (the polygons of `cutouts`), one each. */
  cutoutCount: number;
  bendCount: number;
  /** Length of each bend line inside the part, in request order. */
  bendLengthsIn: number[];
}

export interface PlateAnalysis extends PlateMeasures {
  issues: Issue[];
}
