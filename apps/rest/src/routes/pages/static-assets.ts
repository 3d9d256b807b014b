// Static files (the pages' stylesheet and script, product pictures, the API explorer's bundle) sent
// compressed (brotli or gzip, as the browser accepts) with an ETag and a Cache-Control: a versioned
// or hashed address is immutable for a year, any other is kept for a while and revalidated.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, RequestHandler } from 'express';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text worth compressing; pictures in formats that are compressed already are sent as they are. */
const COMPRESSIBLE = new Set(['.css', '.js', '.mjs', '.svg', '.html', '.json', '.map', '.txt']);
/** Under this size compression saves less than the headers it costs. */
const MIN_COMPRESS_BYTES = 1024;
const ONE_YEAR_SECONDS = 31_536_000;

interface Prepared {
  raw: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  ext: string;
}

export interface StaticAssetOptions {
  /** Seconds a browser keeps a file at an address that is not immutable. */
  maxAgeSeconds: number;
  /** Whether this request's address names one version of the file for good (a version in the path, a content hash in `?v=`). */
  immutable: (req: Request, relativePath: string) => boolean;
}

/** The short content hash a page puts in an asset's address (`/assets/pages.css?v=...`). */
function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url').slice(0, 12);
}

/** Which encoding to send: brotli, then gzip, when the request accepts it (a `;q=0` refuses it). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the files of `dir` (GET and HEAD; anything else, a missing file or a path leaving the
 * folder goes on to the next handler). Each file is read and compressed once, on its first request.
 */
export function serveStaticAssets(dir: string, options: StaticAssetOptions): RequestHandler {
  const root = path.resolve(dir);
  const prepared = new Map<string, Promise<Prepared | null>>();

  const prepare = async (file: string): Promise<Prepared | null> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const raw = await readFile(file);
    const ext = path.extname(file).toLowerCase();
    const worth = COMPRESSIBLE.has(ext) && raw.length >= MIN_COMPRESS_BYTES;
    const [br, gz] = worth
      ? await Promise.all([brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }), gzipped(raw, { level: 9 })])
      : [null, null];
    return { raw, br, gzip: gz, etag: `"${contentHash(raw)}"`, ext };
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      next();
      return;
    }
    const file = path.resolve(root, relative);
    if (relative === '' || relative.includes('\0') || !file.startsWith(`${root}${path.sep}`)) {
      next();
      return;
    }
    let entry = prepared.get(file);
    if (entry === undefined) {
      entry = prepare(file);
      prepared.set(file, entry);
    }
    entry.then(
      (found) => {
        if (found === null) {
          // Not kept: a file added later is found on a later request.
          prepared.delete(file);
          next();
          return;
        }
        const immutable = options.immutable(req, relative);
        res.setHeader('Cache-Control', immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : `public, max-age=${options.maxAgeSeconds}`);
        res.setHeader('ETag', found.etag);
        res.setHeader('Vary', 'Accept-Encoding');
        res.type(found.ext);
        if (req.headers['if-none-match'] === found.etag) {
          res.status(304).end();
          return;
        }
        const encoding = found.br === null ? null : chooseEncoding(req.headers['accept-encoding']);
        const body = encoding === 'br' ? found.br! : encoding === 'gzip' ? found.gzip! : found.raw;
        if (encoding !== null) res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', String(body.length));
        if (req.method === 'HEAD') res.end();
        else res.end(body);
      },
      (error: unknown) => {
        prepared.delete(file);
        next(error);
      },
    );
  };
}
