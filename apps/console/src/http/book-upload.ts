// Reads the price book upload form (multipart/form-data: the file, or the book pasted, and a note)
// with busboy, on this route alone: 1 MiB for the book, where every other form is 16 KB urlencoded.
// It runs after the owner check and before the CSRF check, which reads `_csrf` from the body it sets.
import busboy from 'busboy';
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
  let form: busboy.Busboy;
  try {
    form = busboy({ headers: req.headers, limits: { files: 1, fields: 4, fileSize: BOOK_UPLOAD_BYTES, fieldSize: BOOK_UPLOAD_BYTES, parts: 6 } });
  } catch {
    // A multipart type without a boundary: left unread, the route says how to send it.
    return next();
  }
  const upload: BookUpload = { file: null, pasted: '', note: '', tooLarge: false };
  const fields: Record<string, string> = {};
  const reading: Array<Promise<void>> = [];
  form.on('file', (name, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('limit', () => {
      upload.tooLarge = true;
    });
    reading.push(
      new Promise((resolve) => {
        stream.on('end', () => {
          // A file input left empty still sends a part with no name and no bytes.
          if (name === 'book_file' && info.filename !== '' && !upload.tooLarge) upload.file = Buffer.concat(chunks).toString('utf8');
          resolve();
        });
      }),
    );
  });
  form.on('field', (name, value, info) => {
    if (name === 'book_text' && info.valueTruncated) upload.tooLarge = true;
    fields[name] = value;
  });
  form.on('error', (error: Error) => next(Object.assign(error, { type: 'entity.parse.failed' })));
  form.on('close', () => {
    void Promise.all(reading).then(() => {
      upload.pasted = upload.tooLarge ? '' : (fields.book_text ?? '');
      upload.note = Buffer.from(fields.note ?? '').subarray(0, NOTE_BYTES).toString('utf8');
      uploads.set(req, upload);
      req.body = { _csrf: fields._csrf ?? '' };
      next();
    });
  });
  req.pipe(form);
};
