// How the issues of one quoted item are ordered and bounded, whatever the request: blocking first,
// then warnings, then information; within each, in the order of the request's fields; at most
// MAX_ITEM_ISSUES in all, and a code repeated past REPEATS_SHOWN folded into its last one shown.
import type { Issue } from './common';
import type { Severity } from './codes';

/** No quoted item carries more issues than this. */
export const MAX_ITEM_ISSUES = 25;
/** Issues of one code on one item beyond this many are folded into the last one shown. */
export const REPEATS_SHOWN = 3;

const SEVERITY_RANK: Record<Severity, number> = { blocking: 0, warning: 1, info: 2 };

// The fields of a quote item in the order a request lists them; names not here sort after, by name.
const FIELD_RANK = new Map(
  [
    'items',
    'kind',
    'slug',
    'tier',
    'material',
    'thickness_in',
    'import_id',
    'outline',
    'points_in',
    'holes',
    'cutouts',
    'bends',
    'quantity',
    'quantity_options',
    'label',
  ].map((name, rank) => [name, rank]),
);

type Token = string | number;

function tokenize(param: string): Token[] {
  const tokens: Token[] = [];
  for (const match of param.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) tokens.push(Number(match[2]));
    else tokens.push(match[1]!);
  }
  return tokens;
}

function compareTokens(a: Token, b: Token): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const ra = FIELD_RANK.get(a) ?? Number.MAX_SAFE_INTEGER;
  const rb = FIELD_RANK.get(b) ?? Number.MAX_SAFE_INTEGER;
  if (ra !== rb) return ra - rb;
  return a < b ? -1 : a > b ? 1 : 0;
}

// Params repeat (every pair of one entry has the same one): each is split once.
const TOKEN_CACHE_SIZE = 1024;
const tokenCache = new Map<string, Token[]>();

function tokensOf(param: string): Token[] {
  let tokens = tokenCache.get(param);
  if (!tokens) {
    if (tokenCache.size >= TOKEN_CACHE_SIZE) tokenCache.clear();
    tokens = tokenize(param);
    tokenCache.set(param, tokens);
  }
  return tokens;
}

/** Request order of two params (`items[0].outline` before `items[0].holes[2]` before `items[0].holes[10]`); null last. */
export function compareParams(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const ta = tokensOf(a);
  const tb = tokensOf(b);
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const order = compareTokens(ta[i]!, tb[i]!);
    if (order !== 0) return order;
  }
  return ta.length - tb.length;
}

/** Blocking, then warning, then info; within a severity in request order of `param`; ties keep their order. */
export function compareIssues(a: Pick<Issue, 'severity' | 'param'>, b: Pick<Issue, 'severity' | 'param'>): number {
  return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || compareParams(a.param, b.param);
}

/** The issues of one item in their contract order, at most MAX_ITEM_ISSUES of them (the least severe dropped). */
export function orderItemIssues<T extends Pick<Issue, 'severity' | 'param'>>(issues: readonly T[]): T[] {
  const ordered = [...issues].sort(compareIssues);
  return ordered.length > MAX_ITEM_ISSUES ? ordered.slice(0, MAX_ITEM_ISSUES) : ordered;
}
