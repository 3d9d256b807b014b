// Opaque list cursors: the next offset bound to the filters it was made for, so a cursor sent back
// with other filters is refused instead of paging the wrong list.
import { ServiceError } from '@shop/contracts';
import type { ListEnvelope } from '@shop/contracts';

const PREFIX = 'c1';

export function encodeCursor(offset: number, filterKey: string): string {
  return Buffer.from(`${PREFIX}:${offset}:${hashFilters(filterKey)}`, 'utf8').toString('base64url');
}

/** The offset a cursor stands for; throws `parameter_invalid` on `cursor` for anything not made by this list. */
export function decodeCursor(cursor: string, filterKey: string): number {
  const text = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^c1:(\d{1,6}):([0-9a-z]{1,7})$/.exec(text);
  if (!match || match[2] !== hashFilters(filterKey)) {
    throw new ServiceError(
      'parameter_invalid',
      'cursor is not a cursor of this list: send the next_cursor of the previous page with the same filters, or leave it out for the first page.',
      { param: 'cursor' },
    );
  }
  return Number(match[1]);
}

/** One page of `rows` from the cursor's offset. */
export function paginate<T>(rows: readonly T[], limit: number, cursor: string | undefined, filterKey: string): ListEnvelope<T> {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, filterKey);
  const end = start + limit;
  const hasMore = end < rows.length;
  return {
    object: 'list',
    data: rows.slice(start, end),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(end, filterKey) : null,
  };
}

// FNV-1a, enough to tell filter sets apart; not a secret.
function hashFilters(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
