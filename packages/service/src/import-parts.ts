// Imported parts as the use cases share them: an import is read from the store and parsed once, then
// kept in a bounded cache (an import never changes), and a plate that names it gets the import's
// shapes put in place without copying them. What a worker thread is sent is the plate as JSON text,
// not the arrays (a string crosses to a thread for the cost of a copy; 19,000 corners cloned as arrays
// cost the event loop some 5 ms).
import type { Issue, KeptPlate, PlateImport, PlateItem, PlateItemRequest } from '@shop/contracts';
import { countCutouts } from '@shop/contracts';
import type { KnownFigures } from '@shop/geometry';

export interface ImportedPart {
  id: string;
  /** After this the import cannot be named by a new quote. */
  expiresAt: Date;
  /** The row is kept until then (its own retention, or the last quote's naming it). */
  retainUntil: Date;
  plateImport: PlateImport;
  /** `plateImport.plate` as JSON text, for the worker threads. */
  plateJson: string;
  /** What quotes of the part need, found when its drawing was read (null for an import kept without it). */
  survey: KnownFigures | null;
  /** The drawing's blocking issues: an item naming the import is blocked by them. */
  blocking: Issue[];
  /** Bytes this entry is counted as in the cache. */
  weight: number;
}

/** A plate naming an import: its id in place of the outline, holes and cut-outs. */
export type PlateReference = PlateItemRequest & { import_id: string };

export function isReference(plate: KeptPlate | PlateItemRequest): plate is PlateReference {
  return typeof (plate as { import_id?: unknown }).import_id === 'string';
}

/** The reference a quote keeps for a plate item that names an import (defaults applied, bends only if sent). */
export function referenceOf(item: PlateReference): PlateReference {
  const { kind, material, thickness_in, import_id, bends, quantity, quantity_options, label } = item;
  return { kind, material, thickness_in, import_id, ...(bends === undefined ? {} : { bends }), quantity, quantity_options, label };
}

type ImportPlate = PlateImport['plate'];

/** The plate with the import's outline, holes and cut-outs in place (and its bends, unless the plate sends its own). */
export function placeImport(item: PlateReference, plate: ImportPlate): PlateItem {
  const { import_id: _id, bends, outline: _o, holes: _h, cutouts: _c, ...rest } = item;
  return { ...rest, outline: plate.outline, holes: plate.holes, cutouts: plate.cutouts, bends: bends ?? plate.bends };
}

/** Finds a named import among those read for the request. */
export type PartLookup = (id: string) => ImportedPart | undefined;

/** The plate as priced and drawn: a reference resolved through `parts` (which must hold it). */
export function resolvePlate(plate: KeptPlate, parts: PartLookup): PlateItem {
  if (!isReference(plate)) return plate as PlateItem;
  const part = parts(plate.import_id);
  if (!part) throw new Error(`The import ${plate.import_id.slice(0, 6)}... named by a plate was not read before it was resolved.`);
  return placeImport(plate, part.plateImport.plate);
}

/** Corners of the plate's polygons plus its cutouts: how much work drawing it is. */
export function plateSize(plate: PlateItem): number {
  const outline = plate.outline.kind === 'polygon' ? plate.outline.points_in.length : 0;
  return plate.cutouts.reduce((total, cutout) => total + cutout.points_in.length, outline) + countCutouts(plate.holes);
}

export function toPart(record: { id: string; expiresAt: Date; retainUntil: Date; body: string; survey?: string | null }, plateImport: PlateImport): ImportedPart {
  const plateJson = JSON.stringify(plateImport.plate);
  return {
    id: record.id,
    expiresAt: record.expiresAt,
    retainUntil: record.retainUntil,
    plateImport,
    plateJson,
    survey: record.survey ? (JSON.parse(record.survey) as KnownFigures) : null,
    blocking: plateImport.issues.filter((issue) => issue.severity === 'blocking'),
    // The text twice (the row's, the plate's) and the parsed arrays, about as large again.
    weight: record.body.length + 2 * plateJson.length,
  };
}

/**
 * The imports read lately, least recently used dropped first once their weight passes `maxBytes`.
 * Each process keeps its own; an import never changes, so any copy is right while the row lives.
 */
export function createPartCache(maxBytes: number) {
  const entries = new Map<string, ImportedPart>();
  let weight = 0;
  return {
    get(id: string): ImportedPart | undefined {
      const part = entries.get(id);
      if (part) {
        entries.delete(id);
        entries.set(id, part);
      }
      return part;
    },
    set(part: ImportedPart): void {
      const old = entries.get(part.id);
      if (old) weight -= old.weight;
      entries.delete(part.id);
      entries.set(part.id, part);
      weight += part.weight;
      for (const [id, entry] of entries) {
        if (weight <= maxBytes || entries.size === 1) break;
        entries.delete(id);
        weight -= entry.weight;
      }
    },
    stats: () => ({ entries: entries.size, bytes: weight }),
  };
}
