// Drawings imported into plate parts: a DXF file read (in a child process) into a plate_import that
// is kept 30 days, its preview, and the resolution of a quote's `import_id` into the part's shapes.
import os from 'node:os';
import { BOUNDS, PlateImportQuery, ServiceError, parseRequest, publicUrls, typedPlate } from '@shop/contracts';
import type { PlateImport, PlateItem, PlateItemRequest, QuoteRequest, ResolvedQuoteRequest } from '@shop/contracts';
import type { DxfImportResult } from '@shop/drawings';
import { renderImportDefectsSvg, renderPlateSvg } from '@shop/geometry';
import type { Storage } from '@shop/storage';
import type { RequestContext } from './context';
import type { DrawingTask } from './drawing-worker';
import { isWellFormedId, newId } from './ids';
import type { RateLimits } from './rate-limits';
import { readStored, versionOf } from './stored';
import { findById, withStorage } from './storage-guard';
import { createProcessPool } from './process-pool';

/** How long an import can be named in a quote. */
const IMPORT_DAYS = 30;
// A 5 MiB drawing parses in about a second with some 100 MB of heap: room for both, and no more.
const DRAWING_TIMEOUT_MS = 15_000;
const DRAWING_HEAP_MB = 512;

/** The answer for a drawing whose reading process died: out of memory is the drawing's doing. */
function drawingProcessDied(death: { outOfMemory: boolean; code: number | null; signal: string | null }): ServiceError {
  if (death.outOfMemory) {
    return new ServiceError(
      'dxf_too_complex',
      `Reading the drawing needed more than the ${DRAWING_HEAP_MB} MB of memory a drawing may use, so it was stopped. Simplify the drawing or send one part per file.`,
    );
  }
  return new ServiceError('service_busy', `The process reading the drawing stopped before it finished (${death.signal ?? `exit code ${death.code}`}); nothing was kept. Try again in a few seconds.`);
}

export interface PlateImportDeps {
  storage: Storage;
  limits: RateLimits;
  publicUrl: string;
  threads?: number;
}

/** A drawing and how to read it: REST sends the file's bytes and its query, the tool server the text. */
export interface DrawingInput {
  file: Uint8Array | string;
  /** `units` and `filename`, checked as PlateImportQuery. */
  options: unknown;
}

export function createPlateImportCases(deps: PlateImportDeps) {
  const { storage, limits } = deps;
  const urls = publicUrls(deps.publicUrl);
  // Child processes, not threads: a thread that runs out of heap can take the whole process with it.
  const pool = createProcessPool<DrawingTask, DxfImportResult>({
    module: 'drawing-worker',
    what: 'reading the drawing',
    timeoutMs: DRAWING_TIMEOUT_MS,
    maxHeapMb: DRAWING_HEAP_MB,
    processes: deps.threads ?? os.availableParallelism(),
    onDeath: drawingProcessDied,
  });

  async function findImport(id: string, ctx: RequestContext): Promise<PlateImport | null> {
    const record = await withStorage('read the plate import', () => (isWellFormedId(id, 'pi') ? storage.plateImports.get(id, ctx.now) : Promise.resolve(null)));
    if (!record || ctx.now.getTime() > record.expiresAt.getTime()) return null;
    // Imports kept before drawings with blocking issues had a preview carry no marks and a null preview_url.
    const { marks, preview_url: _previewUrl, ...stored } = readStored<PlateImport>('plateImport', record, record.body);
    return { ...stored, marks: marks ?? [], preview_url: urls.importPreview(stored.id) };
  }

  /** An import kept and not expired (404 plate_import_not_found otherwise). */
  async function getImport(id: string, ctx: RequestContext): Promise<PlateImport> {
    return findById(id, 'pi', 'read the plate import', async () => findImport(id, ctx), () =>
      new ServiceError('plate_import_not_found', `No imported drawing has the id "${id.slice(0, 64)}": it was never given out or has expired (imports are kept ${IMPORT_DAYS} days).`),
    );
  }

  /** The plate item of a request with the import it names put in place of its shapes. */
  async function resolveItem(item: PlateItemRequest, index: number, ctx: RequestContext): Promise<PlateItem> {
    if (item.import_id === undefined) return typedPlate(item);
    const param = `items[${index}].import_id`;
    const found = await findImport(item.import_id, ctx);
    if (!found) {
      throw new ServiceError(
        'import_unknown',
        `import_id "${item.import_id}" names no imported drawing: it was never given out or has expired (imports are kept ${IMPORT_DAYS} days). Import the drawing again with POST /plate-imports or import_dxf.`,
        { param },
      );
    }
    return placeImport(item, found, index);
  }

  return {
    async importDrawing(input: DrawingInput, ctx: RequestContext): Promise<PlateImport> {
      await limits.consume('pricing', ctx.clientIp);
      const options = parseRequest(PlateImportQuery, input.options ?? {});
      const result = await pool.run({ file: input.file, ...(options.units === undefined ? {} : { units: options.units }) });
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
      const body = JSON.stringify(plateImport);
      await withStorage('keep the plate import', () =>
        storage.plateImports.insert({ id, createdAt: ctx.now, expiresAt, body, schemaVersion: versionOf('plateImport') }),
      );
      return plateImport;
    },

    getImport,

    async getImportPreviewSvg(id: string, ctx: RequestContext): Promise<string> {
      await limits.consume('reading', ctx.clientIp);
      return importPreviewSvg(await getImport(id, ctx));
    },

    /** The request with every import it names put in place (422 import_unknown for one unknown or expired). */
    async resolveImports(request: QuoteRequest, ctx: RequestContext): Promise<ResolvedQuoteRequest> {
      const items = await Promise.all(request.items.map((item, index) => (item.kind === 'plate' ? resolveItem(item, index, ctx) : item)));
      return { items };
    },

    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

export type PlateImportCases = ReturnType<typeof createPlateImportCases>;

/**
 * A request's plate item with the import's outline, holes and cut-outs in place (and its bends,
 * unless the item sends its own); 422 when the drawing has a blocking issue.
 */
export function placeImport(item: PlateItemRequest, found: PlateImport, index: number): PlateItem {
  const blocking = found.issues.filter((issue) => issue.severity === 'blocking');
  if (blocking.length > 0) {
    throw new ServiceError(
      'parameter_invalid',
      `The drawing imported as ${found.id} cannot be cut as it is (${[...new Set(blocking.map((issue) => issue.code))].join(', ')}): ${blocking[0]!.message} Fix the drawing and import it again.`,
      { param: `items[${index}].import_id` },
    );
  }
  const { import_id: _id, bends, ...rest } = item;
  return typedPlate({ ...rest, outline: found.plate.outline, holes: found.plate.holes, cutouts: found.plate.cutouts, bends: bends ?? found.plate.bends });
}

/**
 * The SVG drawing of the part an import found, titled as an import (the drawing names no material or
 * thickness: they are chosen later). With a blocking issue, the part as found with the defects
 * marked where they lie and named in a legend.
 */
export function importPreviewSvg(found: PlateImport): string {
  const plate = found.plate;
  const blocking = [...new Set(found.issues.filter((issue) => issue.severity === 'blocking').map((issue) => issue.code))];
  if (blocking.length > 0) {
    const title = `Imported part${found.filename ? ` ${found.filename}` : ''} as found, which cannot be cut as drawn: ${blocking.join(', ')}`;
    return renderImportDefectsSvg(found, title);
  }
  const { holes, cutouts, bends } = found.counts;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const title = `Imported part${found.filename ? ` ${found.filename}` : ''}: ${count(holes, 'round hole')}, ${count(cutouts, 'cut-out')}, ${count(bends, 'bend')}`;
  return renderPlateSvg(
    { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, ...plate, quantity: 1, quantity_options: [], label: found.filename },
    { title },
  );
}
