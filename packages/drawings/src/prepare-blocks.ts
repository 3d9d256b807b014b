// Everything done to the blocks before expandInserts expands them: the expansion is counted first,
// in entities and in their size (block bombs and self-inserting blocks are refused, README, trap 6),
// inserts of missing blocks are taken out, and so are paper-space and invisible inserts and inserts
// scaled by 0 (each listed as not cut); an array count that is not a number is refused; every
// entity of a block gets the block's base point subtracted once (nested inserts too, trap 1) and
// keeps its own layer (trap 4).
import { arrayCount } from './dxf-model';
import type { DxfBlock, DxfEntity, InsertEntity, ParsedDxf, SplineEntity } from './dxf-model';
import { shownName } from './entity-check';
import { formatCount } from './format';
import { MAX_BLOCK_DEPTH, MAX_ENTITIES, MAX_EXPANDED_SIZE, MAX_SPLINE_DEGREE } from './limits';
import { IGNORED_NOTES } from './ignored-list';
import type { DxfImportError } from './types';

/** Inserts taken out before expanding, with the reason (as an ignored note). */
interface SkippedInsert {
  layer: string;
  count: number;
  note: string;
}

export interface PreparedBlocks {
  ok: true;
  /** Entities expandInserts will produce. */
  entityCount: number;
  /** How many times each block is expanded into the drawing. */
  expansions: Map<string, number>;
  skippedInserts: SkippedInsert[];
  /** Entities of the paper-space layout blocks (never expanded into the model). */
  paperSpaceEntities: DxfEntity[];
}

class Refusal extends Error {
  constructor(
    message: string,
    readonly code: 'dxf_too_complex' | 'dxf_unreadable' = 'dxf_too_complex',
  ) {
    super(message);
  }
}

const isInsert = (e: DxfEntity): e is InsertEntity => e.type === 'INSERT';
const copiesOf = (insert: InsertEntity): number => arrayCount(insert.rowCount) * arrayCount(insert.columnCount);
/** An insert scaled by 0 either way: its block shrinks to nothing (a line at most), so nothing of it is cut. */
const scaledToNothing = (insert: InsertEntity): boolean => insert.scaleX === 0 || insert.scaleY === 0;

/** An array count that is there and not a number (the parser reads `70\nabc` as NaN): the file is damaged. */
function checkCounts(insert: InsertEntity): void {
  for (const [name, count] of [['column count', insert.columnCount], ['row count', insert.rowCount]] as const) {
    if (count === undefined || Number.isFinite(count)) continue;
    throw new Refusal(
      `The drawing is damaged: an INSERT of block "${shownName(insert.block ?? '')}" on layer "${shownName(insert.layer ?? '0')}" has a ${name} of ${String(count)}, which is not a number of copies. Save the drawing as ASCII DXF (R12 or later) and send it again.`,
      'dxf_unreadable',
    );
  }
}

/**
 * What one entity weighs in the expanded drawing: 1, plus its vertices, plus its control points
 * (a spline of a higher degree than cubic costs more to evaluate: (degree + 1)^2 / 16 per point).
 */
function ownSize(entity: DxfEntity): number {
  const vertices = (entity as { vertices?: unknown[] }).vertices;
  if (Array.isArray(vertices)) return 1 + vertices.length;
  if (entity.type === 'SPLINE') {
    const spline = entity as SplineEntity;
    const degree = Math.min(Math.max(spline.degree ?? 3, 1), MAX_SPLINE_DEGREE);
    const points = (spline.controlPoints?.length ?? 0) + (spline.knots?.length ?? 0);
    return 1 + Math.ceil((points * Math.max(16, (degree + 1) ** 2)) / 16);
  }
  return 1;
}

/** Entities and their size, each saturated just above its limit. */
interface Expansion {
  count: number;
  size: number;
}

function addCopies(total: Expansion, copies: number, each: Expansion): void {
  // Every copy costs a step of the expansion, even of an empty block.
  total.count = Math.min(total.count + copies * each.count, MAX_ENTITIES + 1);
  total.size = Math.min(total.size + copies * (1 + each.size), MAX_EXPANDED_SIZE + 1);
}

function tooComplex(message: string): DxfImportError {
  return { ok: false, code: 'dxf_too_complex', message };
}

/**
 * Counts what expandInserts would produce without producing it, and prepares the blocks for it.
 * Mutates `parsed` (its blocks and the entity lists).
 */
export function prepareBlocks(parsed: ParsedDxf): PreparedBlocks | DxfImportError {
  const skipped = new Map<string, SkippedInsert>();
  const skip = (layer: string, note: string, count: number): void => {
    const key = `${layer}\u0000${note}`;
    const entry = skipped.get(key) ?? { layer, count: 0, note };
    entry.count += count;
    skipped.set(key, entry);
  };
  // An insert's paper space or visibility is not passed on to what it expands.
  parsed.entities = parsed.entities.filter((entity) => {
    if (!isInsert(entity) || (!entity.paperSpace && entity.visible !== false)) return true;
    skip(entity.layer ?? '0', entity.paperSpace ? IGNORED_NOTES.paperSpace : IGNORED_NOTES.invisible, 1);
    return false;
  });
  const blocks = new Map<string, DxfBlock>();
  for (const block of parsed.blocks) if (block.name !== undefined) blocks.set(block.name, block);
  // Inserts that are expanded: of a block the file defines, at a scale other than 0.
  const expands = (insert: InsertEntity): boolean => blocks.has(insert.block) && !scaledToNothing(insert);

  const sizes = new Map<string, Expansion>();
  const onPath: string[] = [];
  const postOrder: string[] = [];

  // Entities one insert of `name` expands into, and their size, saturated just above the limits.
  const sizeOf = (name: string): Expansion => {
    const known = sizes.get(name);
    if (known !== undefined) return known;
    const cycleStart = onPath.indexOf(name);
    if (cycleStart >= 0) {
      const loop = [...onPath.slice(cycleStart), name].map((n) => `"${n}"`).join(' -> ');
      throw new Refusal(`Block "${name}" inserts itself (${loop}), so it never ends. Remove that insert and send the drawing again.`);
    }
    if (!(onPath.length < MAX_BLOCK_DEPTH)) {
      throw new Refusal(`Blocks are nested more than ${MAX_BLOCK_DEPTH} deep (${onPath.slice(0, 3).map((n) => `"${n}"`).join(' -> ')} -> ...). Explode the blocks and send the drawing again.`);
    }
    onPath.push(name);
    const total: Expansion = { count: 0, size: 0 };
    for (const entity of blocks.get(name)?.entities ?? []) {
      if (!isInsert(entity)) addCopies(total, 1, { count: 1, size: ownSize(entity) - 1 });
      else if (expands(entity)) {
        checkCounts(entity);
        addCopies(total, copiesOf(entity), sizeOf(entity.block));
      }
    }
    onPath.pop();
    sizes.set(name, total);
    postOrder.push(name);
    return total;
  };

  const expanded: Expansion = { count: 0, size: 0 };
  try {
    for (const entity of parsed.entities) {
      if (!isInsert(entity)) addCopies(expanded, 1, { count: 1, size: ownSize(entity) - 1 });
      else if (expands(entity)) {
        checkCounts(entity);
        addCopies(expanded, copiesOf(entity), sizeOf(entity.block));
      }
    }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
  // Written so a count that came out NaN is refused, not let through.
  if (!(expanded.count <= MAX_ENTITIES)) {
    return tooComplex(`The drawing expands to more than ${formatCount(MAX_ENTITIES)} entities once its blocks are inserted. Explode or simplify the blocks, or send one part per file.`);
  }
  if (!(expanded.size <= MAX_EXPANDED_SIZE)) {
    return tooComplex(
      `The drawing expands to more than ${formatCount(MAX_EXPANDED_SIZE)} vertices, control points and entities once its blocks are inserted (large polylines or splines inserted many times). Explode or simplify the blocks, or send one part per file.`,
    );
  }
  const entityCount = expanded.count;

  const expansions = new Map<string, number>();
  const addExpansions = (name: string, count: number) => expansions.set(name, (expansions.get(name) ?? 0) + count);
  for (const entity of parsed.entities) if (isInsert(entity) && expands(entity)) addExpansions(entity.block, copiesOf(entity));
  for (let k = postOrder.length - 1; k >= 0; k--) {
    const name = postOrder[k]!;
    const times = expansions.get(name) ?? 0;
    for (const entity of blocks.get(name)?.entities ?? []) {
      if (isInsert(entity) && expands(entity)) addExpansions(entity.block, times * copiesOf(entity));
    }
  }

  // Inserts that are not expanded, each listed as often as the insert around it is.
  const dropMissing = (entities: DxfEntity[], times: number): DxfEntity[] =>
    entities.filter((entity) => {
      if (!isInsert(entity) || expands(entity)) return true;
      const layer = entity.sourceLayer ?? entity.layer ?? '0';
      if (!blocks.has(entity.block)) skip(layer, `inserts block "${entity.block}", which the file does not define`, times);
      else skip(layer, IGNORED_NOTES.zeroScale, times);
      return false;
    });

  parsed.entities = dropMissing(parsed.entities, 1);
  const paperSpaceEntities: DxfEntity[] = [];
  for (const block of blocks.values()) {
    const baseX = block.x ?? 0;
    const baseY = block.y ?? 0;
    const entities = block.entities ?? [];
    for (const entity of entities) {
      entity.sourceLayer = entity.layer ?? '0';
      if (baseX !== 0 || baseY !== 0) subtractBase(entity, baseX, baseY);
    }
    if (/^\*paper_space/i.test(block.name ?? '')) paperSpaceEntities.push(...entities);
    block.entities = dropMissing(entities, expansions.get(block.name ?? '') ?? 0);
  }

  const skippedInserts = [...skipped.values()].filter((s) => s.count > 0);
  return { ok: true, entityCount, expansions, skippedInserts, paperSpaceEntities };
}

/** Moves a block's entity by minus the block's base point (every copy of the block shares it). */
function subtractBase(entity: DxfEntity, baseX: number, baseY: number): void {
  const shift = (p: { x?: number; y?: number } | undefined): void => {
    if (!p) return;
    p.x = (p.x ?? 0) - baseX;
    p.y = (p.y ?? 0) - baseY;
  };
  switch (entity.type) {
    case 'LINE':
      shift(entity.start);
      shift(entity.end);
      break;
    case 'LWPOLYLINE':
    case 'POLYLINE':
      for (const vertex of entity.vertices ?? []) shift(vertex);
      break;
    case 'SPLINE':
      for (const point of entity.controlPoints ?? []) shift(point);
      break;
    case 'CIRCLE':
    case 'ARC':
    case 'ELLIPSE':
    case 'INSERT':
      shift(entity);
      break;
  }
}
