// Drawings imported into plate parts: a DXF file read (in a child process) into a plate_import that
// is kept 30 days (longer while a quote names it), its preview, and the imports a request names read
// for it: each from a bounded cache of imports already read, so a quote of ten items naming one
// import, and every preview, page and cut file after it, reads and parses the import once.
import os from 'node:os';
import { BOUNDS, PlateImport as PlateImportSchema, PlateImportQuery, ServiceError, parseRequest, publicUrls } from '@shop/contracts';
import type { KeptPlate, PlateImport, ProductItem } from '@shop/contracts';
import { renderImportDefectsSvg } from '@shop/geometry';
import type { Storage } from '@shop/storage';
import type { RequestContext } from './context';
import type { DrawingCache } from './drawing-cache';
import type { DrawingRead, DrawingTask } from './drawing-worker';
import { clientKey } from './client-key';
import { importAnswerToKeep } from './idempotency';
import { isWellFormedId, newId } from './ids';
import { createPartCache, isReference, toPart } from './import-parts';
import type { ImportedPart, PlateReference } from './import-parts';
import type { QuotePricer } from './quote-pricer';
import type { RateLimits } from './rate-limits';
import { readStored, versionOf } from './stored';
import { withStorage } from './storage-guard';
import { createProcessPool } from './process-pool';

/** How long an import can be named in a quote (and kept, unless a quote names it). */
const IMPORT_DAYS = 30;
/**
 * Drawing bytes one client may add to the store in a day, as kept (deflated, with their surveys):
 * some 70 of the largest legal drawings, thousands of typical ones; checked before a drawing is read.
 */
export const STORED_BYTES_PER_DAY = 10 * 1024 * 1024;
// A 5 MiB drawing parses in about a second with some 100 MB of heap: room for both, and no more.
const DRAWING_TIMEOUT_MS = 15_000;
const DRAWING_HEAP_MB = 512;
/** Resident memory a drawing process may reach (its heap and the runtime's own); past it, it is stopped. */
const DRAWING_RSS_MB = DRAWING_HEAP_MB + 128;
/** Imports kept parsed in each process: some 20 of the largest (20,000 corners), hundreds of typical ones. */
const PART_CACHE_BYTES = 48 * 1024 * 1024;

/** The answer for a drawing whose reading process died: out of memory is the drawing's doing. */
function drawingProcessDied(death: { outOfMemory: boolean; code: number | null; signal: string | null }): ServiceError {
  if (death.outOfMemory) {
    return new ServiceError(
      'dxf_too_complex',
      `Reading the drawing needed more memory than a drawing may use (${DRAWING_HEAP_MB} MB of heap, ${DRAWING_RSS_MB} MB in all), so it was stopped. Simplify the drawing or send one part per file.`,
    );
  }
  return new ServiceError('service_busy', `The process reading the drawing stopped before it finished (${death.signal ?? `exit code ${death.code}`}); nothing was kept. Try again in a few seconds.`);
}

export interface PlateImportDeps {
  storage: Storage;
  limits: RateLimits;
  publicUrl: string;
  pricer: QuotePricer;
  drawings: DrawingCache;
  threads?: number;
}

/**
 * That the pricing limit of an import was already checked (before its body was read) or need not be
 * (an idempotent replay): made only by the service's admitDrawing.
 */
export interface DrawingAdmission {
  readonly spent: boolean;
}

/** A drawing and how to read it: REST sends the file's bytes and its query, the tool server the text. */
export interface DrawingInput {
  file: Uint8Array | string;
  /** `units` and `filename`, checked as PlateImportQuery. */
  options: unknown;
  /** Given when the limit was checked before the file was read; otherwise it is spent here. */
  admission?: DrawingAdmission;
}

export function createPlateImportCases(deps: PlateImportDeps) {
  const { storage, limits, pricer, drawings } = deps;
  const urls = publicUrls(deps.publicUrl);
  // Child processes, not threads: a thread that runs out of heap can take the whole process with it.
  const pool = createProcessPool<DrawingTask, DrawingRead>({
    module: 'drawing-worker',
    what: 'reading the drawing',
    timeoutMs: DRAWING_TIMEOUT_MS,
    maxHeapMb: DRAWING_HEAP_MB,
    maxRssMb: DRAWING_RSS_MB,
    processes: deps.threads ?? os.availableParallelism(),
    onDeath: drawingProcessDied,
  });
  const cache = createPartCache(PART_CACHE_BYTES);
  const reading = new Map<string, Promise<ImportedPart | null>>();

  /** The import while its row is kept (past its own expiry too, while a quote names it), from the cache or read once. */
  async function readPart(id: string, now: Date): Promise<ImportedPart | null> {
    if (!isWellFormedId(id, 'pi')) return null;
    const cached = cache.get(id);
    // Past the retention it was read with, the row may since have been kept longer by a quote: read it again.
    if (cached && now.getTime() < cached.retainUntil.getTime()) return cached;
    let pending = reading.get(id);
    if (!pending) {
      pending = withStorage('read the plate import', () => storage.plateImports.get(id, now))
        .then((record) => {
          if (!record) return null;
          // Imports kept before drawings with blocking issues had a preview carry no marks and a null preview_url.
          const { marks, preview_url: _previewUrl, ...stored } = readStored<PlateImport>('plateImport', record, record.body);
          const part = toPart(record, { ...stored, marks: marks ?? [], preview_url: urls.importPreview(stored.id) });
          cache.set(part);
          return part;
        })
        .finally(() => reading.delete(id));
      reading.set(id, pending);
    }
    const part = await pending;
    return part && now.getTime() < part.retainUntil.getTime() ? part : null;
  }

  /** 429 once a client's drawings of the last 24 hours hold STORED_BYTES_PER_DAY in the store. */
  async function checkStoredBytes(sender: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - 86_400_000);
    const kept = await withStorage('count the plate imports kept', () => storage.plateImports.storedBytesSince(sender, since));
    if (kept.bytes < STORED_BYTES_PER_DAY) return;
    const freedAt = (kept.oldest ?? now).getTime() + 86_400_000;
    const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
    throw new ServiceError(
      'rate_limited',
      `The drawings sent from this address in the last 24 hours take ${Math.round(kept.bytes / 1024).toLocaleString('en-US')} KB of storage; at most ${STORED_BYTES_PER_DAY / 1024 / 1024} MB a day are kept. Name the imports you have in quotes, or try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
      { retryAfterSeconds },
    );
  }

  /** An import a new quote or page may name: kept and not past its own expiry. */
  async function findNameable(id: string, now: Date): Promise<ImportedPart | null> {
    const part = await readPart(id, now);
    return part && now.getTime() <= part.expiresAt.getTime() ? part : null;
  }

  /** An import kept and not expired (404 plate_import_not_found otherwise). */
  async function getImport(id: string, ctx: RequestContext): Promise<ImportedPart> {
    const part = await findNameable(id, ctx.now);
    if (!part) {
      throw new ServiceError('plate_import_not_found', `No imported drawing has the id "${id.slice(0, 64)}": it was never given out or has expired (imports are kept ${IMPORT_DAYS} days).`);
    }
    return part;
  }

  /**
   * The drawing of an import as found, titled as an import (it names no material or thickness: they
   * are chosen later). With a blocking issue, the part as found with the defects marked where they lie
   * and named in a legend.
   */
  function importDrawingSvg(part: ImportedPart): Promise<string> {
    const found = part.plateImport;
    const name = found.filename ? ` ${found.filename}` : '';
    const blocking = [...new Set(part.blocking.map((issue) => issue.code))];
    if (blocking.length > 0) {
      // Its marks are bounded (25 marks, 4,000 points): drawn here, once.
      return drawings.get(`import:${part.id}`, async () => renderImportDefectsSvg(found, `Imported part${name} as found, which cannot be cut as drawn: ${blocking.join(', ')}`));
    }
    const plate: PlateReference = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: part.id, quantity: 1, quantity_options: [], label: found.filename };
    const { holes, cutouts, bends } = found.counts;
    const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
    const title = `Imported part${name}: ${count(holes, 'round hole')}, ${count(cutouts, 'cut-out')}, ${count(bends, 'bend')}`;
    return drawings.get(`import:${part.id}`, () => pricer.drawSvg(plate, new Map([[part.id, part]]), title));
  }

  return {
    async importDrawing(input: DrawingInput, ctx: RequestContext): Promise<PlateImport> {
      if (input.admission?.spent !== true) await limits.consume('pricing', ctx.clientIp);
      const options = parseRequest(PlateImportQuery, input.options ?? {});
      const sender = clientKey(ctx.clientIp);
      await checkStoredBytes(sender, ctx.now);
      const result = await pool.run({ file: input.file, ...(options.units === undefined ? {} : { units: options.units }) }, sender);
      if (!result.ok) {
        throw new ServiceError(result.code, result.message, { param: result.code === 'dxf_units_unknown' ? 'units' : null });
      }
      // A part's cutouts are bounded as a typed plate's are, so pricing an import costs no more.
      const { holes, cutouts } = result.counts;
      if (holes + cutouts > BOUNDS.cutouts || cutouts > BOUNDS.cutoutShapes) {
        throw new ServiceError(
          'dxf_too_complex',
          `The drawing's part has ${holes.toLocaleString('en-US')} round holes and ${cutouts.toLocaleString('en-US')} cut-outs of other shapes; a part may have at most ${BOUNDS.cutouts} in all, at most ${BOUNDS.cutoutShapes} of them cut-outs of other shapes. Ask for a quote-request link for a part like this.`,
        );
      }
      const id = newId('pi');
      const expiresAt = new Date(ctx.now.getTime() + IMPORT_DAYS * 86_400_000);
      // Kept past its expiry only while a quote names it (storage moves retain_until with the quote's).
      const retainUntil = expiresAt;
      // Keys in the contract's order.
      const plateImport: PlateImport = {
        object: 'plate_import',
        id,
        created_at: ctx.now.toISOString(),
        expires_at: expiresAt.toISOString(),
        filename: options.filename ?? null,
        units: result.units,
        width_in: result.width_in,
        height_in: result.height_in,
        plate: result.plate,
        counts: result.counts,
        ignored: result.ignored,
        issues: result.issues.map((issue) => ({ code: issue.code, severity: issue.severity, message: issue.message, param: null })),
        marks: result.marks,
        preview_url: urls.importPreview(id),
      };
      // Never kept unless its own contract holds it (every figure finite and within its bounds): a
      // drawing that reads into anything else is refused, not stored and answered with a broken body.
      if (!PlateImportSchema.safeParse(plateImport).success) {
        throw new ServiceError('dxf_unreadable', 'The drawing was read into figures outside what a part can have (a coordinate or size out of range). Check the drawing for stray entities far from the part or absurd scales, and send it again.');
      }
      const body = JSON.stringify(plateImport);
      const survey = result.survey !== undefined && Object.keys(result.survey).length > 0 ? JSON.stringify(result.survey) : null;
      const record = { id, createdAt: ctx.now, expiresAt, retainUntil, body, schemaVersion: versionOf('plateImport'), survey, clientKey: sender };
      // Under an Idempotency-Key, the key's answer (this import) is kept in the import's own write.
      const idempotentAnswer = importAnswerToKeep('/plate-imports', id);
      await withStorage('keep the plate import', () => storage.plateImports.insert({ ...record, ...(idempotentAnswer ? { idempotentAnswer } : {}) }));
      // The quotes and pages that follow an import find it here, already parsed.
      cache.set(toPart(record, plateImport));
      return plateImport;
    },

    getImport,

    async getImportPreviewSvg(id: string, ctx: RequestContext): Promise<string> {
      await limits.consume('reading', ctx.clientIp);
      return importDrawingSvg(await getImport(id, ctx));
    },

    /**
     * The imports a new request names, each read once (422 import_unknown, param the item's
     * import_id, for one unknown or past its expiry).
     */
    async partsToName(items: ReadonlyArray<ProductItem | KeptPlate>, ctx: RequestContext): Promise<Map<string, ImportedPart>> {
      const parts = new Map<string, ImportedPart>();
      for (const [index, item] of items.entries()) {
        if (item.kind !== 'plate' || !isReference(item) || parts.has(item.import_id)) continue;
        const part = await findNameable(item.import_id, ctx.now);
        if (!part) {
          throw new ServiceError(
            'import_unknown',
            `import_id "${item.import_id}" names no imported drawing: it was never given out or has expired (imports are kept ${IMPORT_DAYS} days). Import the drawing again with POST /plate-imports or import_dxf.`,
            { param: `items[${index}].import_id` },
          );
        }
        parts.set(item.import_id, part);
      }
      return parts;
    },

    /** The imports kept plates name (a stored quote's or design's): kept as long as they are, past their own expiry. */
    async partsKept(plates: readonly KeptPlate[], now: Date): Promise<Map<string, ImportedPart>> {
      const parts = new Map<string, ImportedPart>();
      for (const plate of plates) {
        if (!isReference(plate) || parts.has(plate.import_id)) continue;
        const part = await readPart(plate.import_id, now);
        // Retention keeps an import as long as the last quote naming it: a gap here is lost data.
        if (!part) throw new Error(`An import named by a kept plate is missing from the store (${plate.import_id.slice(0, 6)}...).`);
        parts.set(plate.import_id, part);
      }
      return parts;
    },

    /** A quote now names these imports: each is kept at least as long as the quote (storage moved the rows). */
    keptUntil(parts: Iterable<ImportedPart>, retainUntil: Date): void {
      for (const part of parts) if (part.retainUntil.getTime() < retainUntil.getTime()) part.retainUntil = retainUntil;
    },

    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

export type PlateImportCases = ReturnType<typeof createPlateImportCases>;
