// The task of a drawing process (process-pool.ts): reads one DXF file into a plate part, off the
// request thread, inside the pool's heap limit and time limit (a 5 MiB file parses in about a second
// and 100 MB of heap).
import { importDxf } from '@shop/drawings';
import type { DxfImportResult } from '@shop/drawings';
import { surveyPlate } from '@shop/geometry';
import type { KnownFigures } from '@shop/geometry';

export interface DrawingTask {
  /** The file's bytes as sent (decoded here, as UTF-8), or its text from the tool server. */
  file: Uint8Array | string;
  units?: 'in' | 'mm';
}

/** The drawing read, and for a part, what quotes of it need found once here (kept with the import). */
export type DrawingRead = DxfImportResult & { survey?: KnownFigures };

export function run(task: DrawingTask): DrawingRead {
  const text = typeof task.file === 'string' ? task.file : new TextDecoder('utf-8').decode(task.file);
  const result = importDxf(text, task.units === undefined ? {} : { units: task.units });
  // A large outline's narrow places and its folds' flanges are most of what pricing it costs: found here, once.
  return result.ok ? { ...result, survey: surveyPlate(result.plate) } : result;
}
