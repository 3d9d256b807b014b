// Everything done to the blocks before `denormalise` expands them: the expansion is counted first
// (block bombs and self-inserting blocks are refused, README, trap 6), inserts of missing blocks are
// taken out (the parser would log them), and so are paper-space and invisible inserts, nested inserts get their parent's base point subtracted
// (trap 1) and every entity inside a block keeps its own layer (trap 4).
import type { DxfBlock, DxfEntity, InsertEntity, ParsedDxf } from './dxf-model';
import { MAX_BLOCK_DEPTH, MAX_ENTITIES } from './limits';
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
  /** Entities `denormalise` will produce. */
  entityCount: number;
  /** How many times each block is expanded into the drawing. */
  expansions: Map<string, number>;
  skippedInserts: SkippedInsert[];
  /** Entities of the paper-space layout blocks (never expanded into the model). */
  paperSpaceEntities: DxfEntity[];
}

class Refusal extends Error {}

const isInsert = (e: DxfEntity): e is InsertEntity => e.type === 'INSERT';
const copiesOf = (insert: InsertEntity): number => (insert.rowCount ?? 1) * (insert.columnCount ?? 1);

function tooComplex(message: string): DxfImportError {
  return { ok: false, code: 'dxf_too_complex', message };
}

/**
 * Counts what `denormalise` would produce without producing it, and prepares the blocks for it.
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
  // `denormalise` does not pass an insert's paper space or visibility on to what it expands.
  parsed.entities = parsed.entities.filter((entity) => {
    if (!isInsert(entity) || (!entity.paperSpace && entity.visible !== false)) return true;
    skip(entity.layer ?? '0', entity.paperSpace ? IGNORED_NOTES.paperSpace : IGNORED_NOTES.invisible, 1);
    return false;
  });
  const blocks = new Map<string, DxfBlock>();
  for (const block of parsed.blocks) if (block.name !== undefined) blocks.set(block.name, block);

  const sizes = new Map<string, number>();
  const onPath: string[] = [];
  const postOrder: string[] = [];

  // Entities one insert of `name` expands into, saturated just above the limit.
  const sizeOf = (name: string): number => {
    const known = sizes.get(name);
    if (known !== undefined) return known;
    const cycleStart = onPath.indexOf(name);
    if (cycleStart >= 0) {
      const loop = [...onPath.slice(cycleStart), name].map((n) => `"${n}"`).join(' -> ');
      throw new Refusal(`Block "${name}" inserts itself (${loop}), so it never ends. Remove that insert and send the drawing again.`);
    }
    if (onPath.length >= MAX_BLOCK_DEPTH) {
      throw new Refusal(`Blocks are nested more than ${MAX_BLOCK_DEPTH} deep (${onPath.slice(0, 3).map((n) => `"${n}"`).join(' -> ')} -> ...). Explode the blocks and send the drawing again.`);
    }
    onPath.push(name);
    let total = 0;
    for (const entity of blocks.get(name)?.entities ?? []) {
      if (!isInsert(entity)) total += 1;
      else if (blocks.has(entity.block)) total += copiesOf(entity) * sizeOf(entity.block);
      total = Math.min(total, MAX_ENTITIES + 1);
    }
    onPath.pop();
    sizes.set(name, total);
    postOrder.push(name);
    return total;
  };

  let entityCount = 0;
  try {
    for (const entity of parsed.entities) {
      if (!isInsert(entity)) entityCount += 1;
      else if (blocks.has(entity.block)) entityCount += copiesOf(entity) * sizeOf(entity.block);
      entityCount = Math.min(entityCount, MAX_ENTITIES + 1);
    }
  } catch (error) {
    if (error instanceof Refusal) return tooComplex(error.message);
    throw error;
  }
  if (entityCount > MAX_ENTITIES) {
    return tooComplex(`The drawing expands to more than ${MAX_ENTITIES.toLocaleString('en-US')} entities once its blocks are inserted. Explode or simplify the blocks, or send one part per file.`);
  }

  const expansions = new Map<string, number>();
  const addExpansions = (name: string, count: number) => expansions.set(name, (expansions.get(name) ?? 0) + count);
  for (const entity of parsed.entities) if (isInsert(entity) && blocks.has(entity.block)) addExpansions(entity.block, copiesOf(entity));
  for (let k = postOrder.length - 1; k >= 0; k--) {
    const name = postOrder[k]!;
    const times = expansions.get(name) ?? 0;
    for (const entity of blocks.get(name)?.entities ?? []) {
      if (isInsert(entity) && blocks.has(entity.block)) addExpansions(entity.block, times * copiesOf(entity));
    }
  }

  const dropMissing = (entities: DxfEntity[], times: number): DxfEntity[] =>
    entities.filter((entity) => {
      if (!isInsert(entity) || blocks.has(entity.block)) return true;
      skip(entity.sourceLayer ?? entity.layer ?? '0', `inserts block "${entity.block}", which the file does not define`, times);
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
      if (isInsert(entity)) {
        entity.x = (entity.x ?? 0) - baseX;
        entity.y = (entity.y ?? 0) - baseY;
      }
    }
    if (/^\*paper_space/i.test(block.name ?? '')) paperSpaceEntities.push(...entities);
    block.entities = dropMissing(entities, expansions.get(block.name ?? '') ?? 0);
  }

  const skippedInserts = [...skipped.values()].filter((s) => s.count > 0);
  return { ok: true, entityCount, expansions, skippedInserts, paperSpaceEntities };
}
