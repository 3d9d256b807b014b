// @shop/geometry: plate outlines and hole patterns expanded, measured, checked and drawn.
export { analyzePlate, measurePlate, resolveThresholds } from './analyze-plate';
export type { KnownFigures, KnownFlanges, PlateThresholds } from './analyze-plate';
export { expandFold } from './bend-lines';
export type { FoldLine } from './bend-lines';
export { cutoutArea, cutoutPerimeter, expandHoles } from './hole-patterns';
export type { Cutout } from './hole-patterns';
export { expandOutline } from './outline';
export type { BoxShape, DiscShape, OutlineShape, PolygonShape } from './outline';
export { surveyPlate } from './outline-survey';
export type { OutlineSurvey } from './outline-webs';
export type { Bounds } from './polygon';
export { articleFor, formatThickness } from './format';
export { escapeXml, renderPlateSvg } from './render-svg';
export { renderImportDefectsSvg } from './render-import-svg';
export type { RenderOptions } from './render-svg';
export type { PlateAnalysis, PlateMeasures, PlateRules } from './types';
