import { containsEmail, containsPhone, containsUrl, findContactDetail } from './contact-patterns';

describe('contact patterns', () => {
  it.each([
    'https://example.com/parts',
    'http://shop.ca',
    'HTTP//evil',
    'ftp://files.example.org',
    'www.example.com',
    'go to www example',
    'example.com',
    'Bracket for steelworks.ca',
    'shop.example.co.uk/part',
    'mysite dot com',
    'mysite(dot)ca',
    'tel:4165550199',
    'order at acme.shop',
  ])('reads %j as a link or web address', (text) => {
    expect(containsUrl(text)).toBe(true);
    expect(findContactDetail(text)).not.toBeNull();
  });

  it.each([
    'jane@example.com',
    'Jane.Doe+quotes@mail.example.ca',
    'jane @ example.com',
    'jane at example dot com',
    'jane (at) example (dot) ca',
    'jane[at]example[dot]org',
  ])('reads %j as an e-mail address', (text) => {
    expect(containsEmail(text)).toBe(true);
    expect(findContactDetail(text)).toBe('email');
  });

  it.each([
    '416-555-0199',
    '(416) 555-0199',
    '(416)555 0199',
    '416.555.0199',
    '416 555 0199',
    '4165550199',
    '1-800-555-0199',
    '+1 416 555 0199',
    'call 555-0199',
    '+44 20 7946 0958',
    '+33 1 42 68 53 00',
  ])('reads %j as a phone number', (text) => {
    expect(containsPhone(text)).toBe(true);
    expect(findContactDetail(text)).toBe('phone');
  });

  it.each([
    'Bracket A',
    'Base plate 6 x 4',
    'Gusset #3 (left)',
    "Tractor 3/8\" shim, rev. B",
    'Qty 10 pcs. Co-ordinate with the welder',
    'Part 100-2000',
    'PO 2024-05-12',
    'Order 12345',
    'SO 123456',
    'Flange 12.5000 x 0.375',
    '3.5 in disc, 2.75 in bore',
    'Bolt circle 6 x 0.5 on 7 in',
    'e.g. for the hay wagon',
    'No.5 bin',
    'Cut at the shop. Then bend',
    'Meet at noon at the barn',
    'W8X31 beam cap plates',
    'Job 0115-0020',
    '1/4 x 2 x 120 flat bar, 50 pieces',
    'café de l\'usine',
  ])('reads %j as no contact detail', (text) => {
    expect(findContactDetail(text)).toBeNull();
  });

  it('takes little time on a long description with many dots and numbers', () => {
    const text = `${'Plate 1.25 x 3.5 in, 10 pcs. at 0.375 in. '.repeat(45)}${'a.'.repeat(50)}`;
    const start = process.hrtime.bigint();
    for (let i = 0; i < 20; i += 1) findContactDetail(text);
    const ms = Number(process.hrtime.bigint() - start) / 1e6 / 20;
    expect(ms).toBeLessThan(5);
  });
});
