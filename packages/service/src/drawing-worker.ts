// The task of a drawing process (process-pool.ts): reads one DXF file into a plate part, off the
// request thread, inside the pool's heap limit and time limit (a 5 MiB file parses in about a second
// and 100 MB of heap).
import { importDxf } from '@shop/drawings';
import type { DxfImportResult } from '@shop/drawings';

export interface DrawingTask {
  /** The file's bytes as sent (decoded here, as UTF-8), or its text from the tool server. */
  file: Uint8Array | string;
  units?: 'in' | 'mm';
}

export function run(task: DrawingTask): DxfImportResult {
  const text = typeof task.file === 'string' ? task.file : new TextDecoder('utf-8').decode(task.file);
  return importDxf(text, task.units === undefined ? {} : { units: task.units });
}
