// The one reader of multipart/form-data bodies (the upload page's drawing, the console's price book):
// busboy under it, every emitter it touches (the request, busboy, each file stream) heard, so a body
// cut short, a client gone, or a malformed form settles as a ServiceError and never ends the process.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { ServiceError } from '@shop/contracts';
import busboy from 'busboy';
import { createByteSink } from './byte-sink';

export interface MultipartLimits {
  /** Largest file kept, in bytes: a file of exactly this size is kept, one byte more is not. */
  fileBytes: number;
  /** Files read at most; more set `tooManyFiles`. */
  files: number;
  /** Fields read at most; more set `tooManyFields`. */
  fields: number;
  /** Longest field value kept, in bytes; a longer one is cut and named in `truncatedFields`. */
  fieldBytes: number;
}

export interface MultipartHooks {
  /** Told of each field as it arrives, in the body's order; throwing refuses the form with that error. */
  onField?: (name: string, value: string, truncated: boolean) => void;
  /**
   * Asked before a file's bytes are kept: false drains the file unread. Throwing refuses the form
   * with that error, before a byte of the file is held.
   */
  acceptFile?: (name: string, info: { filename: string; mimeType: string }) => boolean;
}

export interface MultipartFile {
  name: string;
  filename: string;
  mimeType: string;
  /** The file's bytes (one buffer); null when it was over `fileBytes` and not kept. */
  bytes: Buffer | null;
  tooLarge: boolean;
}

export interface MultipartForm {
  fields: Record<string, string>;
  truncatedFields: string[];
  files: MultipartFile[];
  tooManyFiles: boolean;
  tooManyFields: boolean;
}

/** The error for a form that cannot be read to its end (cut short, no closing boundary, a client gone). */
export function formUnreadable(): ServiceError {
  return new ServiceError(
    'request_malformed',
    'The form could not be read: its body ended before the form did, or it is not multipart/form-data as a browser sends it. Send it again from the page.',
  );
}

/**
 * Reads the whole form. Settles once: resolved when the form ends well, rejected with a ServiceError
 * (415 for a body that is not an uncompressed multipart form, 400 `request_malformed` for one that
 * cannot be read to its end, or the error a hook threw). Once settled, the rest of the body is
 * discarded as it arrives, and every later event is ignored.
 */
export function readMultipart(req: IncomingMessage, limits: MultipartLimits, hooks: MultipartHooks = {}): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== '') {
      // Inflating a form would let a few KB stand for gigabytes: forms come uncompressed, as browsers send them.
      reject(new ServiceError('unsupported_media_type', 'Send the form uncompressed (no Content-Encoding), as a browser sends it.'));
      return;
    }
    let form: busboy.Busboy;
    try {
      // One byte past the limit: busboy reports its limit on reaching it, and a file of exactly the limit is legal.
      form = busboy({ headers: req.headers, limits: { fileSize: limits.fileBytes + 1, files: limits.files, fields: limits.fields, fieldSize: limits.fieldBytes } });
    } catch {
      reject(new ServiceError('unsupported_media_type', 'Send the form as multipart/form-data with its boundary, as a browser sends it.'));
      return;
    }
    const result: MultipartForm = { fields: {}, truncatedFields: [], files: [], tooManyFiles: false, tooManyFields: false };
    const reading: Array<Promise<void>> = [];
    let settled = false;

    const stopReading = () => {
      req.unpipe(form);
      // The rest of the body is read and dropped, so the socket can carry the answer (the caller
      // may close it after); nothing more reaches busboy.
      req.resume();
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stopReading();
      reject(error instanceof ServiceError ? error : formUnreadable());
    };
    /** Runs a hook; a throw refuses the form. */
    const guarded = <T>(hook: () => T): { ok: true; value: T } | { ok: false } => {
      try {
        return { ok: true, value: hook() };
      } catch (error) {
        fail(error);
        return { ok: false };
      }
    };

    // Every emitter heard for as long as it lives, errors after settling included.
    req.on('error', fail);
    req.on('aborted', () => fail(formUnreadable()));
    form.on('error', fail);
    form.on('filesLimit', () => {
      result.tooManyFiles = true;
    });
    form.on('fieldsLimit', () => {
      result.tooManyFields = true;
    });
    form.on('field', (name: string, value: string, info: { valueTruncated: boolean }) => {
      if (settled) return;
      if (info.valueTruncated) result.truncatedFields.push(name);
      result.fields[name] = value;
      if (hooks.onField) guarded(() => hooks.onField!(name, value, info.valueTruncated));
    });
    form.on('file', (name: string, stream: Readable, info: { filename: string; mimeType: string }) => {
      stream.on('error', fail);
      const keep = settled ? { ok: true as const, value: false } : hooks.acceptFile ? guarded(() => hooks.acceptFile!(name, info)) : { ok: true as const, value: true };
      if (settled || !keep.ok || !keep.value) {
        stream.resume();
        return;
      }
      const announced = Number(req.headers['content-length']);
      const sink = createByteSink(limits.fileBytes, Number.isFinite(announced) ? announced : null);
      stream.on('data', (chunk: Buffer) => {
        sink.push(chunk);
      });
      reading.push(
        new Promise<void>((done) => {
          stream.on('end', () => {
            const tooLarge = sink.overLimit;
            result.files.push({ name, filename: info.filename, mimeType: info.mimeType, bytes: tooLarge ? null : sink.bytes(), tooLarge });
            done();
          });
          // An error settles the form through `fail`; this promise is left behind with it.
        }),
      );
    });
    form.on('close', () => {
      void Promise.all(reading).then(() => {
        if (settled) return;
        settled = true;
        resolve(result);
      });
    });
    req.pipe(form);
  });
}
