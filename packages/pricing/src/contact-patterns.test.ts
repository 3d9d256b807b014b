import { containsEmail, containsPhone, containsUrl, findContactDetail } from './contact-patterns';
import { LONG_DOTTED_DESCRIPTION } from './test-contact-texts';

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

  // Evasions of the ASCII patterns: the same details in other code points, apart, or in words.
  it.each([
    ['fullwidth digits', '４１６－５５５－０１９９', 'phone'],
    ['fullwidth digits and spaces', 'call ４１６ ５５５ ０１９９', 'phone'],
    ['fullwidth @ and full stop', 'jane＠example．com', 'email'],
    ['a whole fullwidth address', 'ｊａｎｅ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'email'],
    ['the small commercial at', 'jane\uFE6Bexample.com', 'email'],
    ['mathematical bold digits', '𝟒𝟏𝟔 𝟓𝟓𝟓 𝟎𝟏𝟗𝟗', 'phone'],
    ['circled digits', '④①⑥-⑤⑤⑤-⓪①⑨⑨', 'phone'],
    ['a zero-width space before @', 'jane\u200b@example.com', 'email'],
    ['soft hyphens inside a number', '416\u00ad555\u00ad0199', 'phone'],
    ['a minus sign and a figure dash', '416\u2212555\u20120199', 'phone'],
    ['a fullwidth domain', 'ａｃｍｅｓｔｅｅｌ．ｃａ', 'url'],
    ['an ideographic full stop', 'acmesteel\u3002ca', 'url'],
    ['single digits spaced', '4 1 6 5 5 5 0 1 9 9', 'phone'],
    ['single digits after a group', 'call 416 5 5 5 0 1 9 9', 'phone'],
    ['digits dashed one by one', '4-1-6-5-5-5-0-1-9-9', 'phone'],
    ['a local number spaced', 'ring 5 5 5 0 1 9 9 after six', 'phone'],
    ['number words', 'four one six five five five zero one nine nine', 'phone'],
    ['number words with dashes', 'Four-One-Six Five-Five-Five Zero-One-Nine-Nine', 'phone'],
    ['number words and digits mixed', 'call 416 five five five oh one nine nine', 'phone'],
    ['a bare domain with a trade name', 'see acme-steel.works for the drawing', 'url'],
    ['a bare domain of a newer kind', 'acmefab.ltd', 'url'],
    ['a bare domain with the dot set apart', 'acme-steel . ca', 'url'],
    ['a bare domain with a space after the dot', 'find us at acmesteel. com', 'url'],
    ['a bare domain of another country', 'steelworks.com.au', 'url'],
  ])('reads %s (%j) as contact details', (_what, text, kind) => {
    expect(findContactDetail(text)).toBe(kind);
  });

  it.each([
    '12 pieces 3/8 in',
    'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall. 12 needed.',
    '1 1/2 x 3 1/4 in flat bar, cut to 24 36 48 60 72 in lengths',
    'Sizes 1 1/2 1 3/4 2 1/8 in',
    'Holes at 0.5 1.5 2.5 3.5 4.5 5.5 6.5 in from the edge',
    'Qty 10 20 50 100 pcs',
    'PO 2024-05-12, job 0115-0020, drawing rev. 3 of 4',
    'Need it by 12 05 2026',
    'one plate 6 x 4, two plates 3 x 3, four gussets',
    'Make one, two or three of them',
    'Plate 12.5000 x 0.375, 3 pcs. One with a 1 in hole',
    'Base plate.One more for the shed',
    'Galvanized. Co-ordinate with the welder',
    'Make it 8 ft long. Me and my son will pick up',
    'Deliver to the farm. Call first',
    '3 4 5 triangle gussets, 10 ga, 25 pcs',
    'Stair stringer kit for a 10 ft rise, 1/4 in plate treads at 7 3/4 in',
    'approx. ca. 5 in wide',
    'Bolt pattern 4 x 5/8 on a 6 1/2 in circle; 2 of them',
  ])('reads the job description %j as no contact detail', (text) => {
    expect(findContactDetail(text)).toBeNull();
  });

  it('reads a long description with many dots and numbers as no contact detail (its time: bench/faults.ts)', () => {
    expect(findContactDetail(LONG_DOTTED_DESCRIPTION)).toBeNull();
  });
});
