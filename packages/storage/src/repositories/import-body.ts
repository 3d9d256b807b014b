// How an import's body is kept: deflated (a 20,000-vertex part's 470 KB of JSON in some 140 KB), read
// back as its text; rows kept before bodies were deflated hold the text itself.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

export function deflateImportBody(body: string): Buffer {
  return deflateRawSync(Buffer.from(body, 'utf8'));
}

/** The body as text, from a row kept deflated or (kept before bodies were deflated) as text. */
export function importBodyText(row: { body: string; body_deflated: Uint8Array | null }): string {
  return row.body_deflated === null ? row.body : inflateRawSync(row.body_deflated).toString('utf8');
}
