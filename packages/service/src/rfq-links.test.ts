import { ServiceError } from '@shop/contracts';
import { assertNoContactDetails } from './rfq-links';

function verdict(description: string): string | null {
  try {
    assertNoContactDetails({ description, material: null, thickness_in: null, quantity: null });
    return null;
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'contact_details_not_allowed') return error.param;
    throw error;
  }
}

describe('contact details in a job description', () => {
  it.each([
    // Ordinary shop talk stays.
    '1/4 x 2 x 3 in',
    'M12 bolts',
    'ASTM A36',
    'Cut 40 pcs of 3/8 in plate, 12 x 18 in',
    'Weld a 4 x 4 x 1/4 HSS post to a base plate',
    'W8X31 beam, 20 ft long',
    'Hot-dip galvanize per ASTM A123',
    'Need by Dec. 15',
    'Qty 250, 10 ga (0.1345 in) mild steel',
    'Drill 13/16 in holes on a 5.5 in bolt circle',
    'Part no. 4410-2231-7',
    'Repair a cracked 3-point hitch, 2.5 in pins',
    'Order 2024-118, revision B',
    'Finish: powder coat RAL 6005',
    'Bend 90 deg at 1.5 in, inside radius 0.25 in',
    'C10X20 channel x 3, 12.5 ft',
    'Stainless 316 #4 brushed finish',
    'Serial 555-12345-A on the old bracket',
    'Dimensions 120.5 x 60.25 in',
    'Tolerance +/- 0.010 in',
    'Gate at the farm, 3 ft wide',
    'Deliver to site at 7 am',
  ])('keeps "%s"', (text) => {
    expect(verdict(text)).toBeNull();
  });

  it.each([
    'call 416 555 0199',
    'Call me at (905) 555-0142',
    'phone 1-800-555-0100',
    'text +1 416 555 0199',
    '416.555.0199',
    'my cell: 6475550123',
    'bob@example.com',
    'bob at example dot com',
    'email me: sales (at) shop [dot] ca',
    'drawings at https://files.example.com/x.pdf',
    'see www.example.ca',
    'example.com/drawings',
    'ftp://drawings.example.org',
    'mailto:bob',
    'visit steel-shop.ca for photos',
    'reach me on +44 20 7946 0958',
    'local 555-0199 after 5',
    'tel:4165550199',
  ])('refuses "%s"', (text) => {
    expect(verdict(text)).toBe('description');
  });

  it('checks the material field too', () => {
    expect(() =>
      assertNoContactDetails({ description: 'Gate hinges', material: 'ask at shop.example.com', thickness_in: null, quantity: null }),
    ).toThrow(expect.objectContaining({ code: 'contact_details_not_allowed', param: 'material' }));
  });
});
