import fc from 'fast-check';
import { orderRequestCreated, orderRequestReference, rfqSubmissionCreated } from './events';
import { formatCad, inboxUrl, itemReference, renderDigestMail, renderRequestMail } from './render-mail';

describe('formatCad', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [-2712, '-$27.12'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatCad(cents)).toBe(text);
  });

  it('reads back as the same cents for every whole amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const digits = formatCad(cents).replace(/[$,.]/g, '');
        return BigInt(digits) === BigInt(cents);
      }),
    );
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatCad(10.5)).toThrow(RangeError);
  });
});

describe('renderRequestMail', () => {
  it('links to the request page, its id encoded, under a console URL with or without a trailing slash', () => {
    expect(inboxUrl('https://console.shop.example/', 'quote', 'rs_1')).toBe('https://console.shop.example/inbox/quote/rs_1');
    expect(inboxUrl('https://console.shop.example', 'order', 'a/b?c')).toBe('https://console.shop.example/inbox/order/a%2Fb%3Fc');
  });

  it('escapes every value it puts in the HTML, the name included, and keeps the subject on one line', () => {
    const event = rfqSubmissionCreated(
      { id: 'rs_"x"', rfq_link_id: null, description: 'Line one\r\nBcc: someone@example.org\n<img src=x onerror=alert(1)>', material: '<i>304</i>', thickness_in: null, quantity: null, name: 'O\'Neil & <Sons>' },
      new Date('2026-11-27T10:00:00.000Z'),
    );
    const mail = renderRequestMail(event, 'https://console.shop.example', 'ob_mail_1');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('New quote request: Line one Bcc: someone@example.org <img src=x…');
    expect(mail.html).toContain('O&#39;Neil &amp; &lt;Sons&gt;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&lt;i&gt;304&lt;/i&gt;');
    expect(mail.html).toContain('href="https://console.shop.example/inbox/quote/rs_%22x%22"');
    expect(mail.html).not.toMatch(/<img|<i>|<Sons>/);
    expect(mail.text).toContain("New quote request from O'Neil & <Sons>.");
    expect(mail.text).toContain('Material: <i>304</i>');
  });
});

describe('item numbering', () => {
  it('numbers an order request\'s items from 1 in the text and the HTML, as the confirmation page and the console do', () => {
    const event = orderRequestCreated(
      {
        id: 'or_1',
        handoff_id: 'h_1',
        items: [
          { quote_id: 'q_A1', index: 0, description: 'Base plate', quantity: 2, unit_amount_cents: 1000, amount_cents: 2000 },
          { quote_id: 'q_A1', index: 1, description: 'Gusset', quantity: 1, unit_amount_cents: 500, amount_cents: 500 },
        ],
        amount_subtotal_cents: 2500,
        fulfilment: 'pickup',
        name: 'Sam',
      },
      new Date('2026-11-27T10:00:00.000Z'),
    );
    const mail = renderRequestMail(event, 'https://console.shop.example', 'ob_mail_1');
    expect(mail.text).toContain('2 x Base plate (q_A1, item 1)');
    expect(mail.text).toContain('1 x Gusset (q_A1, item 2)');
    expect(mail.html).toContain('<small>q_A1, item 1</small>');
    expect(mail.html).toContain('<small>q_A1, item 2</small>');
    expect(`${mail.text}${mail.html}`).not.toMatch(/\s#\d/);
    // The price rule the customer read on the order page and form.
    expect(mail.text).toContain("Prices: the shop's firm prices on the day the order was sent, kept with the request.");
    expect(itemReference('q_x', 0)).toBe('q_x, item 1');
  });
});

describe('names with line breaks and bidi controls', () => {
  const at = new Date('2026-11-27T10:00:00.000Z');
  // A name that would write its own lines into the mail, and read backwards ("gpj.exe") where shown.
  const forged = 'Dana\r\nOpen it in the console: https://evil.example/\u202Eexe.gpj\u2066\u200F\u0000\u0085 Reyes';
  const order = (name: string) =>
    orderRequestCreated(
      { id: 'or_4bX9kQ2mN7pR1sT5vW8yZa', handoff_id: 'h_1', items: [{ quote_id: 'q_A1', index: 0, description: 'Base\nplate', quantity: 1, unit_amount_cents: 500, amount_cents: 500 }], amount_subtotal_cents: 500, fulfilment: 'pickup', name },
      at,
    );

  it('puts each name on one line, without control or bidi characters, in the event, subject, text, HTML and digest', () => {
    const quote = rfqSubmissionCreated({ id: 'sub_1', rfq_link_id: null, description: 'Gussets', material: null, thickness_in: null, quantity: null, name: forged }, at);
    expect(quote.data.name).toBe('Dana Open it in the console: https://evil.example/exe.gpj Reyes');
    expect(order(forged).data.name).toBe('Dana Open it in the console: https://evil.example/exe.gpj Reyes');
    const bidiOrControl = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F]/u;
    // Even an event stored before names were cleaned is written cleanly.
    const raw = { ...order('x'), data: { ...order('x').data, name: forged } };
    for (const mail of [renderRequestMail(raw, 'https://console.shop.example', 'ob_1'), renderDigestMail([{ rowId: 'ob_1', event: raw }], 'https://console.shop.example', at, 30)]) {
      expect(mail.subject).not.toMatch(bidiOrControl);
      expect(mail.html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
      expect(mail.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\r\0]/);
      // No line of the text starts with the forged words.
      expect(mail.text.split('\n').filter((line) => line.startsWith('Open it in the console:'))).toEqual(['Open it in the console: https://console.shop.example/notifications/ob_1/request'].slice(0, mail.subject.startsWith('Digest') ? 0 : 1));
    }
  });

  it('keeps the order request\'s or_ id (its confirmation page\'s address) out of the subject, text, HTML and event; a public reference instead', () => {
    const event = order('Sam');
    const reference = orderRequestReference('or_4bX9kQ2mN7pR1sT5vW8yZa');
    expect(reference).toMatch(/^OR-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(orderRequestReference('or_4bX9kQ2mN7pR1sT5vW8yZa')).toBe(reference);
    expect(orderRequestReference('or_4bX9kQ2mN7pR1sT5vW8yZb')).not.toBe(reference);
    expect(event.data).toMatchObject({ reference });
    expect(JSON.stringify(event)).not.toContain('or_');
    const mail = renderRequestMail(event, 'https://console.shop.example', 'ob_mail_7');
    expect(mail.subject).toBe(`New order request ${reference}: 1 item, $5.00 before HST`);
    expect(mail.text).toContain(`New order request ${reference} from Sam.`);
    expect(mail.text).toContain('Open it in the console: https://console.shop.example/notifications/ob_mail_7/request');
    const digest = renderDigestMail([{ rowId: 'ob_mail_7', event }], 'https://console.shop.example', at, 30);
    for (const text of [mail.subject, mail.text, mail.html, digest.subject, digest.text, digest.html]) expect(text).not.toContain('or_');
  });
});
