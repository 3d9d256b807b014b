import fc from 'fast-check';
import { orderRequestCreated, rfqSubmissionCreated } from './events';
import { formatCad, inboxUrl, itemReference, renderRequestMail } from './render-mail';

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
    const mail = renderRequestMail(event, 'https://console.shop.example');
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
    const mail = renderRequestMail(event, 'https://console.shop.example');
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
