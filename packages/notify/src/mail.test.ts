import { deliver } from './deliver';
import type { OutboxRow } from './deliver';
import { orderRequestCreated, orderRequestReference, rfqSubmissionCreated } from './events';
import { createMailer, parseRecipients, readMailConfig } from './mail';
import type { Mailer } from './mail';
import { closedPort, startSilentServer, startSmtpServer } from './test-servers';
import type { TestSmtpServer } from './test-servers';

const CONSOLE_URL = 'https://console.shop.example';
const FROM = 'Shop quotes <quotes@shop.example>';
const TO = 'estimating@shop.example, owner@shop.example';
const at = new Date('2026-11-27T14:30:00.000Z');

// The form as a person fills it in: their contact details are in it, and must not reach the mail.
const submission = {
  id: 'rs_7QmT2xK9pL4vN8bR1cZ0aD',
  rfq_link_id: 'rl_5Fh2',
  description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall.\nHot-dip galvanized, <b>needed in 3 weeks</b> & no sooner.',
  material: 'mild steel',
  thickness_in: 0.375,
  quantity: 12,
  name: 'Dana Whitfield',
  email: 'dana.whitfield@example.org',
  phone: '+1 (519) 555-0142',
  company: 'Whitfield Fencing Ltd',
};

let servers: TestSmtpServer[] = [];
let mailers: Mailer[] = [];
async function smtp(options?: Parameters<typeof startSmtpServer>[0]): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}
function mailerFor(smtpUrl: string, options?: Parameters<typeof createMailer>[1]): Mailer {
  const mailer = createMailer({ smtpUrl, from: FROM }, options);
  mailers.push(mailer);
  return mailer;
}
afterEach(async () => {
  for (const mailer of mailers) mailer.close();
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  mailers = [];
});

const rfqRow = (attempts = 0): OutboxRow => ({
  id: 'ob_rfq_1',
  kind: 'email',
  target: TO,
  payload: rfqSubmissionCreated(submission, at),
  attempts,
});

describe('readMailConfig', () => {
  it('is null without SMTP_URL: no mail is sent', () => {
    expect(readMailConfig({ MAIL_FROM: FROM, SHOP_NOTIFY_EMAIL: TO })).toBeNull();
    expect(readMailConfig({ SMTP_URL: '  ' })).toBeNull();
  });

  it('reads the server, sender, recipients and console address', () => {
    expect(
      readMailConfig({ SMTP_URL: 'smtps://user:pa%40ss@mail.shop.example:465', MAIL_FROM: FROM, SHOP_NOTIFY_EMAIL: ` ${TO}, `, CONSOLE_URL: `${CONSOLE_URL}/` }),
    ).toEqual({
      smtpUrl: 'smtps://user:pa%40ss@mail.shop.example:465',
      from: FROM,
      to: ['estimating@shop.example', 'owner@shop.example'],
      consoleUrl: CONSOLE_URL,
      digestAfter: 30,
    });
    expect(readMailConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@shop.example', SHOP_NOTIFY_EMAIL: 'b@shop.example' })?.consoleUrl).toBe(
      'http://localhost:3002',
    );
  });

  it('names the setting that cannot work', () => {
    const base = { MAIL_FROM: FROM, SHOP_NOTIFY_EMAIL: TO };
    expect(() => readMailConfig({ ...base, SMTP_URL: 'https://mail.shop.example' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
    expect(() => readMailConfig({ ...base, SMTP_URL: 'mail.shop.example' })).toThrow('SMTP_URL is not a URL');
    expect(() => readMailConfig({ SMTP_URL: 'smtp://h', SHOP_NOTIFY_EMAIL: TO })).toThrow('MAIL_FROM is required');
    expect(() => readMailConfig({ SMTP_URL: 'smtp://h', MAIL_FROM: 'quotes', SHOP_NOTIFY_EMAIL: TO })).toThrow('MAIL_FROM is not an e-mail address');
    expect(() => readMailConfig({ SMTP_URL: 'smtp://h', MAIL_FROM: FROM })).toThrow('SHOP_NOTIFY_EMAIL is required');
    expect(() => readMailConfig({ ...base, SMTP_URL: 'smtp://h', SHOP_NOTIFY_EMAIL: 'a@shop.example, nobody' })).toThrow('Not an e-mail address: nobody');
  });

  it('parses a comma list, skipping empty entries', () => {
    expect(parseRecipients('a@shop.example,,b@shop.example , ')).toEqual(['a@shop.example', 'b@shop.example']);
  });
});

describe('the new-request mail, sent to a real SMTP server', () => {
  it('reaches every recipient with the job and the link to its page, and nothing of the person but the name', async () => {
    const server = await smtp();
    const delivery = await deliver(rfqRow(), { mail: { mailer: mailerFor(server.url), consoleUrl: CONSOLE_URL }, now: () => at });
    expect(delivery.attempt).toMatchObject({ outcome: 'ok', status: 250, error: null, attempt: 1 });
    expect(delivery.nextAttemptAt).toBeNull();
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.from).toBe('quotes@shop.example');
    expect(mail?.to).toEqual(['estimating@shop.example', 'owner@shop.example']);
    expect(mail?.parsed.subject).toBe('New quote request: Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in…');
    expect(mail?.parsed.messageId).toBe('<ob_rfq_1@shop.example>');
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('New quote request from Dana Whitfield.');
    expect(text).toContain(submission.description);
    expect(text).toContain('Material: mild steel\nThickness: 0.375 in\nQuantity: 12');
    expect(text).toContain(`Open it in the console: ${CONSOLE_URL}/inbox/quote/rs_7QmT2xK9pL4vN8bR1cZ0aD`);
    const html = typeof mail?.parsed.html === 'string' ? mail.parsed.html : '';
    expect(html).toContain(`<a href="${CONSOLE_URL}/inbox/quote/rs_7QmT2xK9pL4vN8bR1cZ0aD">`);
    expect(html).toContain('&lt;b&gt;needed in 3 weeks&lt;/b&gt; &amp; no sooner.');
    expect(html).not.toContain('<b>needed');
    const everything = [mail?.raw, mail?.parsed.subject, text, html].join('\n');
    for (const detail of [submission.email, 'dana.whitfield', '555-0142', '519', submission.company, 'Whitfield Fencing']) {
      expect(everything).not.toContain(detail);
    }
  });

  it('lists an order request with its prices from integer cents', async () => {
    const server = await smtp();
    const order = orderRequestCreated(
      {
        id: 'or_3kT9wQ2mX7pL1sN8rB4cZ0',
        handoff_id: 'h_9',
        items: [
          { quote_id: 'q_A1', index: 0, description: 'Base plate 8 x 8 in, 3/8 in mild steel, 4 holes', quantity: 12, unit_amount_cents: 2712, amount_cents: 32544 },
          { quote_id: 'q_B2', index: 1, description: 'Stair stringer kit', quantity: 1, unit_amount_cents: 148900, amount_cents: 148900 },
        ],
        amount_subtotal_cents: 181444,
        fulfilment: 'pickup',
        name: 'Sam Okafor',
        email: 'sam@example.net',
        phone: '416-555-0199',
        address: { line1: '12 Example Rd', city: 'Guelph' },
      },
      at,
    );
    const row: OutboxRow = { id: 'ob_or_1', kind: 'email', target: 'estimating@shop.example', payload: order, attempts: 0 };
    const delivery = await deliver(row, { mail: { mailer: mailerFor(server.url), consoleUrl: CONSOLE_URL }, now: () => at });
    expect(delivery.attempt.outcome).toBe('ok');
    const [mail] = server.received;
    expect(mail?.to).toEqual(['estimating@shop.example']);
    // The public reference, never the or_ id (the address of the customer's confirmation page).
    expect(mail?.parsed.subject).toBe(`New order request ${orderRequestReference('or_3kT9wQ2mX7pL1sN8rB4cZ0')}: 2 items, $1,814.44 before HST`);
    expect(mail?.raw).not.toContain('or_3kT9wQ2mX7pL1sN8rB4cZ0');
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('12 x Base plate 8 x 8 in, 3/8 in mild steel, 4 holes (q_A1, item 1): $27.12 each, $325.44');
    expect(text).toContain('1 x Stair stringer kit (q_B2, item 2): $1,489.00 each, $1,489.00');
    expect(text).toContain("Subtotal: $1,814.44 before HST\nPrices: the shop's firm prices on the day the order was sent, kept with the request.\nPickup at the shop.");
    expect(text).toContain(`${CONSOLE_URL}/notifications/ob_or_1/request`);
    const everything = [mail?.raw, mail?.parsed.subject, text, mail?.parsed.html].join('\n');
    for (const detail of ['sam@example.net', '555-0199', 'Example Rd', 'Guelph']) expect(everything).not.toContain(detail);
  });

  it('gives up when the server refuses the recipient with a 5xx', async () => {
    const server = await smtp({ refuseRecipient: { code: 550, message: 'No such mailbox' } });
    const delivery = await deliver(rfqRow(), { mail: { mailer: mailerFor(server.url), consoleUrl: CONSOLE_URL }, now: () => at });
    expect(delivery.attempt).toMatchObject({ outcome: 'dead', status: 550, error: 'The mail server refused the message (550 to RCPT TO).' });
    expect(delivery.attempt.response).toContain('No such mailbox');
    expect(delivery.nextAttemptAt).toBeNull();
    expect(server.received).toHaveLength(0);
  });

  it('retries when the server answers 4xx (try later)', async () => {
    const server = await smtp({ refuseRecipient: { code: 451, message: 'Greylisted, try again later' } });
    const delivery = await deliver(rfqRow(), { mail: { mailer: mailerFor(server.url), consoleUrl: CONSOLE_URL }, now: () => at });
    expect(delivery.attempt).toMatchObject({ outcome: 'retry', status: 451 });
    expect(delivery.nextAttemptAt).toEqual(new Date(at.getTime() + 60_000));
  });

  it('retries a server that accepts the connection and never greets, after the timeout given', async () => {
    const silent = await startSilentServer();
    try {
      const mailer = mailerFor(`smtp://127.0.0.1:${silent.port}`, { greetingTimeoutMs: 150 });
      const delivery = await deliver(rfqRow(), { mail: { mailer, consoleUrl: CONSOLE_URL }, now: () => at });
      expect(delivery.attempt).toMatchObject({ outcome: 'retry', status: null, error: 'The mail server did not answer in time (GREETING_TIMEOUT).' });
    } finally {
      await silent.close();
    }
  });

  it('keeps the mail while the server is down, and delivers it once when it is back', async () => {
    const port = await closedPort();
    const mailer = mailerFor(`smtp://127.0.0.1:${port}`);
    const deps = { mail: { mailer, consoleUrl: CONSOLE_URL }, now: () => at };

    const first = await deliver(rfqRow(0), deps);
    expect(first.attempt).toMatchObject({ outcome: 'retry', status: null, attempt: 1 });
    expect(first.attempt.error).toContain('ECONNREFUSED');
    expect(first.nextAttemptAt).toEqual(new Date(at.getTime() + 60_000));

    const server = await smtp({ port });
    const second = await deliver(rfqRow(first.attempts), deps);
    expect(second.attempt).toMatchObject({ outcome: 'ok', attempt: 2 });
    expect(second.nextAttemptAt).toBeNull();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.parsed.messageId).toBe('<ob_rfq_1@shop.example>');
  });
});
