// Reads the price book upload form (multipart/form-data: the file, or the book pasted, and a note)
// with the shared multipart reader, on this route alone: 1 MiB for the book, where every other form is 16 KB urlencoded.
// It runs after the owner check and before the CSRF check, which reads `_csrf` from the body it sets.
import { readMultipart } from '@shop/runtime';
import type { Request, RequestHandler } from 'express';

/** The largest book taken, as a file or pasted (the service refuses a larger one too). */
export const BOOK_UPLOAD_BYTES = 1024 * 1024;
const NOTE_BYTES = 2048;

export interface BookUpload {
  /** The file's text, or null when no file was chosen. */
  file: string | null;
  /** The book pasted into the form ('' when none). */
  pasted: string;
  note: string;
  /** The file or the pasted book was over BOOK_UPLOAD_BYTES (and was not kept). */
  tooLarge: boolean;
}

const uploads = new WeakMap<Request, BookUpload>();

/** The upload read from this request; null when the request was not a multipart form. */
export function bookUploadOf(req: Request): BookUpload | null {
  return uploads.get(req) ?? null;
}

export const readBookUpload: RequestHandler = (req, _res, next) => {
  if (!req.is('multipart/form-data')) return next();
  // A multipart type without a boundary: left unread, the route says how to send it.
  if (!/;\s*boundary=/i.test(req.get('content-type') ?? '')) return next();
  // The shared reader hears every stream of the form: a body cut short is a 400 page, never a crash.
  readMultipart(req, { files: 1, fields: 4, fileBytes: BOOK_UPLOAD_BYTES, fieldBytes: BOOK_UPLOAD_BYTES }).then(
    (form) => {
      const upload: BookUpload = { file: null, pasted: '', note: '', tooLarge: false };
      // A file input left empty still sends its part: `filename=""` (read as no file name at all)
      // and no bytes, beside the pasted book. A part without bytes is no file, whatever its name.
      const file = form.files.find((found) => found.name === 'book_file' && (found.tooLarge || (found.bytes?.length ?? 0) > 0));
      if (file?.tooLarge || form.truncatedFields.includes('book_text')) upload.tooLarge = true;
      if (file?.bytes && !upload.tooLarge) upload.file = file.bytes.toString('utf8');
      upload.pasted = upload.tooLarge ? '' : (form.fields.book_text ?? '');
      upload.note = Buffer.from(form.fields.note ?? '').subarray(0, NOTE_BYTES).toString('utf8');
      uploads.set(req, upload);
      req.body = { _csrf: form.fields._csrf ?? '' };
      next();
    },
    // Shown as the console's "Form not readable" page.
    (error: unknown) => next(Object.assign(error instanceof Error ? error : new Error(String(error)), { type: 'entity.parse.failed' })),
  );
};
