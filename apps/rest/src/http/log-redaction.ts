// What a request may leave in the logs: its path with bearer secrets cut out. The ids of quotes,
// order links, quote-request links, plate designs, imported drawings, submissions and order requests open what they name for whoever
// holds them, so a log reader must never get one; the query string is dropped whole.
import { BEARER_PAGE_PREFIXES } from '@shop/contracts';

const BEARER_SEGMENT = new RegExp(`^/(${BEARER_PAGE_PREFIXES.map((prefix) => prefix.slice(1)).join('|')})/[^/]+`);
// Quote ids too: a quote read back by its id shows the customer's parts and prices.
const BEARER_ID = /\b(q|h|rfq|pd|sub|pi|or)_[0-9A-Za-z]{22}\b/g;
const MAX_LOGGED_PATH = 200;

/** `/o/h_abc...?x=1` -> `/o/:id`; any bearer-shaped id elsewhere in the path -> `h_:redacted`. */
export function redactPath(url: string): string {
  const path = (url.split('?')[0] ?? '').slice(0, MAX_LOGGED_PATH);
  return path.replace(BEARER_SEGMENT, '/$1/:id').replace(BEARER_ID, '$1_:redacted');
}
