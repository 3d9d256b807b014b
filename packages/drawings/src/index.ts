// @shop/drawings: DXF drawings in and out. A DXF file read into a plate part, a plate part written as DXF.
export { importDxf } from './import-dxf';
export { writeDxf } from './write-dxf';
export { arcPoints, circlePoints } from './contour';
export type {
  DefectMark,
  DrawingUnits,
  DxfImport,
  DxfImportError,
  DxfImportErrorCode,
  DxfImportOptions,
  DxfImportResult,
  DxfIssue,
  DxfIssueCode,
  IgnoredGroup,
  ImportedBend,
  ImportedHole,
  ImportedPlate,
  PolygonShape,
  Pt,
  WritablePlate,
  WriteDxfOptions,
} from './types';
