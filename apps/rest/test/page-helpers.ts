// Helpers for the page suites: make quotes and links through the API, read pages, send forms.
import type { TestApp } from './app-harness';
import type { Reply } from './harness';

export async function postApi(app: TestApp, route: string, body: unknown): Promise<any> {
  const reply = await app.http.request('POST', `/api/v1${route}`, { body });
  if (reply.status !== 201) throw new Error(`POST ${route} answered ${reply.status}: ${reply.text}`);
  return reply.json;
}

/** A quote of `items`, handed off: the quote, the handoff and the order page's path. */
export async function makeOrder(app: TestApp, items: unknown[]): Promise<{ quote: any; handoff: any; orderPath: string }> {
  const quote = await postApi(app, '/quotes', { items });
  const handoff = await postApi(app, '/handoffs', { quote_ids: [quote.id] });
  return { quote, handoff, orderPath: new URL(handoff.url).pathname };
}

export async function makeRfqLink(app: TestApp, body: unknown): Promise<{ link: any; path: string }> {
  const link = await postApi(app, '/rfq-links', body);
  return { link, path: new URL(link.url).pathname };
}

/** Every plate quoter link on an order page, in order. */
export function findPlateLinks(html: string): string[] {
  return [...html.matchAll(/href="(\/plate\/pd_[0-9A-Za-z]{22})"/g)].map((m) => m[1] as string);
}

export interface OpenedForm {
  reply: Reply;
  /** `rfq_form=...` as a Cookie header value. */
  cookie: string;
  setCookie: string;
  formToken: string;
}

export async function openRfqForm(app: TestApp, path: string, cookie?: string): Promise<OpenedForm> {
  const reply = await app.http.request('GET', path, cookie ? { headers: { cookie } } : {});
  const setCookie = reply.headers.get('set-cookie') ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(reply.text)?.[1] ?? '';
  return { reply, cookie: setCookie.split(';')[0] ?? '', setCookie, formToken };
}

/** A page with a form as a browser holds it: the cookie it was given and the token of its hidden field. */
export async function openPageForm(app: TestApp, path: string): Promise<{ reply: Reply; cookie: string; formToken: string }> {
  const reply = await app.http.request('GET', path);
  const cookie = (reply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(reply.text)?.[1] ?? '';
  return { reply, cookie, formToken };
}

export const PERSON = { name: 'Sam Tremblay', email: 'sam@example.com', phone: '(705) 555-0142', company: 'Tremblay Farms' };

export function postForm(app: TestApp, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  return app.http.request('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** Text of the page with tags dropped and entities read, whitespace squeezed: what a person sees. */
export function readText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<\/?(?:span|strong|em|b|a)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
