// What one try of a sender comes to, in the terms the delivery loop stores.

/** `ok` delivered; `retry` worth another try later; `dead` another try would fail the same way. */
export type Outcome = 'ok' | 'retry' | 'dead';

export interface SendResult {
  outcome: Outcome;
  /** HTTP status of the endpoint's answer, or the SMTP reply code; null when none came. */
  status: number | null;
  /** What went wrong, for people; null when delivered. */
  error: string | null;
  /** The start of the endpoint's answer or the mail server's last reply, at most RESPONSE_EXCERPT_BYTES. */
  response: string | null;
  durationMs: number;
  /** For `retry`: when to try again, instead of the schedule's next step (a row held for the hourly digest). */
  retryAt?: Date;
}

/** The most of an answer kept for the console to show. */
export const RESPONSE_EXCERPT_BYTES = 500;

/** Cuts text to at most `maxBytes` of UTF-8 without splitting a character. */
export function excerpt(text: string, maxBytes: number = RESPONSE_EXCERPT_BYTES): string {
  return clipBytes(Buffer.from(text, 'utf8'), maxBytes);
}

export function clipBytes(bytes: Uint8Array, maxBytes: number = RESPONSE_EXCERPT_BYTES): string {
  let end = Math.min(bytes.length, maxBytes);
  // Step back over continuation bytes (10xxxxxx) so the last character is whole.
  if (end < bytes.length) while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8');
}
