// A browser's part for the console scripts: keeps the session cookie, reads a page's CSRF token,
// sends forms as the console's own pages send them (its Origin); and the REST app's quote-request
// link walked as a customer walks it (the link made, its form opened, the form sent back).
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  ms: number;
}

const COOKIE = 'console_session';
/** The sign-in form's cookie: its CSRF token is derived from it. */
const PRE_SESSION_COOKIE = 'console_pre_session';

export class ConsoleBrowser {
  cookie: string | null = null;
  preSession: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<Reply> {
    const all: Record<string, string> = { 'x-forwarded-for': this.ip, ...headers };
    const cookies = [this.cookie === null ? null : `${COOKIE}=${this.cookie}`, this.preSession === null ? null : `${PRE_SESSION_COOKIE}=${this.preSession}`];
    if (cookies.some((pair) => pair !== null)) all.cookie = cookies.filter((pair) => pair !== null).join('; ');
    const started = performance.now();
    const response = await fetch(this.baseUrl + path, { method, headers: all, ...(body === undefined ? {} : { body }), redirect: 'manual' });
    const text = await response.text();
    const ms = performance.now() - started;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name === COOKIE) this.cookie = value && !/expires=Thu, 01 Jan 1970/i.test(line) ? value : null;
      if (name === PRE_SESSION_COOKIE) this.preSession = value ?? null;
    }
    return { status: response.status, headers: response.headers, text, ms };
  }

  get(path: string): Promise<Reply> {
    return this.request('GET', path);
  }

  /** A urlencoded form with the console's Origin, as its pages send it. */
  post(path: string, form: Record<string, string>): Promise<Reply> {
    return this.request('POST', path, new URLSearchParams(form).toString(), { origin: this.baseUrl, 'content-type': 'application/x-www-form-urlencoded' });
  }

  /** Opens the sign-in form (for its token), then sends it. */
  async signIn(email: string, password: string): Promise<void> {
    const reply = await this.post('/sign-in', { _csrf: await this.signInToken(), email, password });
    if (reply.status !== 303 || this.cookie === null) throw new Error(`sign-in as ${email} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
  }

  async signInToken(): Promise<string> {
    const session = this.cookie;
    this.cookie = null;
    const page = await this.get('/sign-in');
    if (this.cookie === null) this.cookie = session;
    const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!match) throw new Error(`no token on /sign-in (status ${page.status})`);
    return match[1]!;
  }

  async csrf(path = '/account'): Promise<string> {
    const page = await this.get(path);
    const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!match) throw new Error(`no CSRF token on ${path} (status ${page.status})`);
    return match[1]!;
  }
}

/**
 * One quote request as a customer sends it: `POST /api/v1/rfq-links` (the link), `GET` of its form
 * (the form token and its cookie), the form sent back. Resolves with the form's status and the
 * request's id (`sub_...`, the reference) from the thanks page.
 */
export async function sendQuoteRequest(restUrl: string, i: number, ip = `10.9.${Math.floor(i / 250) % 250}.${i % 250}`): Promise<{ status: number; id: string | null }> {
  const link = await fetch(`${restUrl}/api/v1/rfq-links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ description: `Base plates for job ${i}, 12 x 12 in`, material: 'A36', thickness_in: 0.5, quantity: 4 }),
  });
  if (link.status !== 201) throw new Error(`POST /rfq-links answered ${link.status}: ${await link.text()}`);
  const url = new URL(((await link.json()) as { url: string }).url);
  const formPath = url.pathname;
  const form = await fetch(restUrl + formPath, { headers: { 'x-forwarded-for': ip } });
  const page = await form.text();
  const cookies = form.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const token = /name="form_token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`no form token on ${formPath} (status ${form.status})`);
  const body = new URLSearchParams({
    form_token: token,
    description: `Base plates for job ${i}, 12 x 12 in`,
    material: 'A36',
    thickness_in: '0.5',
    quantity: '4',
    name: `Customer ${i}`,
    email: `customer${i}@example.com`,
    phone: '',
    company: `Works ${i}`,
  });
  const sent = await fetch(restUrl + formPath, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies, 'x-forwarded-for': ip },
    body: body.toString(),
  });
  const thanks = await sent.text();
  return { status: sent.status, id: /class="reference">([^<]+)</.exec(thanks)?.[1] ?? null };
}
