// Every rate limit of the service in one table (docs/contract.md#limits): per scope, its windows with
// their points and length. A window's counts are kept under `<prefix>:<scope>:<window>:<client key>`.

export type LimitScope = 'reading' | 'pricing' | 'handoffs' | 'rfq_links' | 'mcp' | 'link_requests';

/** Requests one order link or quote-request link may send in a day (its key is the link's id, not an address). */
export const REQUESTS_PER_LINK_PER_DAY = 5;

export interface WindowPolicy {
  points: number;
  seconds: number;
  name: 'minute' | 'day';
}

export interface ScopePolicy {
  /** How the 429 message names the scope. */
  label: string;
  /** Spent together on each request; a request refused by one is given back to the others. */
  windows: WindowPolicy[];
}

const MINUTE = 60;
const DAY = 86_400;

export const LIMITS: Record<LimitScope, ScopePolicy> = {
  reading: { label: 'Reading (materials, products, profiles, quotes)', windows: [{ points: 120, seconds: MINUTE, name: 'minute' }] },
  pricing: {
    label: 'Pricing (new quotes)',
    windows: [
      { points: 60, seconds: MINUTE, name: 'minute' },
      { points: 2_000, seconds: DAY, name: 'day' },
    ],
  },
  handoffs: {
    label: 'Order links',
    windows: [
      { points: 30, seconds: MINUTE, name: 'minute' },
      { points: 200, seconds: DAY, name: 'day' },
    ],
  },
  rfq_links: {
    label: 'Quote-request links',
    windows: [
      { points: 10, seconds: MINUTE, name: 'minute' },
      { points: 100, seconds: DAY, name: 'day' },
    ],
  },
  mcp: { label: 'Requests to the tool server', windows: [{ points: 600, seconds: MINUTE, name: 'minute' }] },
  link_requests: { label: 'Requests sent from one link', windows: [{ points: REQUESTS_PER_LINK_PER_DAY, seconds: DAY, name: 'day' }] },
};

/** The key prefix of one window's counts. */
export function windowKeyPrefix(prefix: string, scope: LimitScope, window: WindowPolicy): string {
  return `${prefix}:${scope}:${window.name}`;
}
