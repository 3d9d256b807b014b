import type { ServiceError} from './index';
import { PlateItem, PlateItemRequest, QuoteRequest, parseRequest, typedPlate, typedRequest } from './index';

const rectangle = { kind: 'rectangle', width_in: 6, height_in: 4 };
const plate = (extra: Record<string, unknown> = {}) => ({
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: rectangle,
  ...extra,
});

describe('QuoteRequest', () => {
  it('applies the defaults of a plate item once its shapes are in place', () => {
    const parsed = typedRequest(QuoteRequest.parse({ items: [plate()] }));
    expect(parsed.items[0]).toEqual({
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: rectangle,
      holes: [],
      cutouts: [],
      bends: [],
      quantity: 1,
      quantity_options: [],
      label: null,
    });
  });

  it('gives a typed plate its keys in the order sent, then outline, holes, cutouts and bends (the text a quote keeps of its request)', () => {
    const sent = { label: 'L', kind: 'plate', quantity: 3, outline: rectangle, material: 'mild_steel', bends: [{ start_in: [3, 0], end_in: [3, 4] }], thickness_in: 0.25, quantity_options: [] } as unknown as PlateItemRequest;
    const typed = typedPlate(sent);
    expect(JSON.stringify(typed)).toBe(
      '{"label":"L","kind":"plate","quantity":3,"material":"mild_steel","thickness_in":0.25,"quantity_options":[],"outline":{"kind":"rectangle","width_in":6,"height_in":4},"holes":[],"cutouts":[],"bends":[{"start_in":[3,0],"end_in":[3,4]}]}',
    );
    // The arrays sent are the plate's own; the item sent is left as it was.
    expect(typed.bends).toBe(sent.bends);
    expect(Object.keys(sent)).toEqual(['label', 'kind', 'quantity', 'outline', 'material', 'bends', 'thickness_in', 'quantity_options']);
    expect(() => typedPlate({ ...sent, import_id: 'imp_1' } as PlateItemRequest)).toThrow(/must be resolved into its shapes/);
  });

  it('takes cut-outs of any shape, up to 50 of 3 to 200 corners, each one of the 500 cutouts', () => {
    const square = (x: number) => ({ kind: 'polygon', points_in: [[x, 1], [x + 0.5, 1], [x + 0.5, 1.5], [x, 1.5], [x, 1]] });
    const parsed = PlateItemRequest.parse(plate({ cutouts: [square(1)] }));
    expect(parsed.cutouts).toEqual([{ kind: 'polygon', points_in: [[1, 1], [1.5, 1], [1.5, 1.5], [1, 1.5]] }]);
    expect(PlateItemRequest.safeParse(plate({ cutouts: Array.from({ length: 51 }, () => square(1)) })).error?.issues[0]?.path).toEqual(['cutouts']);
    const line = { kind: 'polygon', points_in: [[1, 1], [2, 2]] };
    expect(PlateItemRequest.safeParse(plate({ cutouts: [line] })).error?.issues[0]?.path).toEqual(['cutouts', 0, 'points_in']);
    const grid = { kind: 'grid', center_x_in: 60, center_y_in: 60, columns: 20, rows: 25, x_spacing_in: 0.5, y_spacing_in: 0.5, diameter_in: 0.1 };
    const over = PlateItemRequest.safeParse(plate({ holes: [grid], cutouts: [square(1)] }));
    expect(over.error?.issues[0]?.message).toBe('make 501 cutouts in all; a plate may have at most 500, counting every hole of a pattern and every cut-out');
  });

  it('takes an import_id in place of outline, holes and cut-outs, never with them', () => {
    const imported = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: 'pi_0123456789abcdefABCDEF' };
    expect(PlateItemRequest.parse(imported)).toMatchObject({ import_id: 'pi_0123456789abcdefABCDEF', quantity: 1 });
    const both = (() => {
      try {
        parseRequest(QuoteRequest, { items: [{ ...imported, outline: rectangle, holes: [] }] });
      } catch (error) {
        return error as ServiceError;
      }
      return null;
    })();
    expect(both).toMatchObject({ code: 'parameter_invalid', param: 'items[0].import_id', message: 'import_id cannot be sent with outline, holes: the import holds the outline, holes and cut-outs; send import_id or them, not both.' });
    const neither = (() => {
      try {
        parseRequest(QuoteRequest, { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25 }] });
      } catch (error) {
        return error as ServiceError;
      }
      return null;
    })();
    expect(neither).toMatchObject({ code: 'parameter_missing', param: 'items[0].outline', message: 'outline is required.' });
    expect(PlateItemRequest.safeParse({ ...imported, import_id: 'q_123' }).error?.issues[0]?.path).toEqual(['import_id']);
    // An unresolved import cannot reach pricing.
    expect(() => typedRequest(QuoteRequest.parse({ items: [imported] }))).toThrow(/must be resolved into its shapes before pricing/);
  });

  it('prices an imported part of up to 20,000 corners, which a typed polygon cannot have', () => {
    const ring = (n: number) => Array.from({ length: n }, (_, i) => [60 + 50 * Math.cos((2 * Math.PI * i) / n), 60 + 50 * Math.sin((2 * Math.PI * i) / n)]);
    expect(PlateItemRequest.safeParse(plate({ outline: { kind: 'polygon', points_in: ring(2_000) } })).success).toBe(false);
    expect(PlateItem.safeParse(plate({ outline: { kind: 'polygon', points_in: ring(20_000) } })).success).toBe(true);
    expect(PlateItem.safeParse(plate({ outline: { kind: 'polygon', points_in: ring(20_001) } })).success).toBe(false);
  });

  it('applies the defaults of a product item, hole patterns and bends', () => {
    const parsed = QuoteRequest.parse({
      items: [
        { kind: 'product', slug: 'bale-feeder', tier: 'kit' },
        plate({
          holes: [
            { kind: 'linear', start_x_in: 1, start_y_in: 1, count: 3, spacing_in: 1, diameter_in: 0.25 },
            { kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 1, y_spacing_in: 1, diameter_in: 0.25 },
            { kind: 'bolt_circle', center_x_in: 3, center_y_in: 2, count: 4, bolt_circle_diameter_in: 2, diameter_in: 0.25 },
            { kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.25, length_in: 1 },
          ],
          bends: [{ start_in: [0, 2], end_in: [6, 2] }],
        }),
      ],
    });
    expect(parsed.items[0]).toEqual({ kind: 'product', slug: 'bale-feeder', tier: 'kit', quantity: 1, quantity_options: [], label: null });
    const item = parsed.items[1] as PlateItem;
    expect(item.holes).toEqual([
      expect.objectContaining({ kind: 'linear', angle_deg: 0 }),
      expect.objectContaining({ kind: 'grid', rotation_deg: 0 }),
      expect.objectContaining({ kind: 'bolt_circle', start_angle_deg: 0 }),
      expect.objectContaining({ kind: 'slot', angle_deg: 0 }),
    ]);
    expect(item.bends[0]).toEqual({ start_in: [0, 2], end_in: [6, 2], angle_deg: 90, direction: 'up' });
  });

  it('takes 1 to 10 items', () => {
    expect(QuoteRequest.safeParse({ items: [] }).success).toBe(false);
    expect(QuoteRequest.safeParse({ items: Array(10).fill(plate()) }).success).toBe(true);
    expect(QuoteRequest.safeParse({ items: Array(11).fill(plate()) }).success).toBe(false);
  });

  it('refuses unknown keys at every level', () => {
    expect(QuoteRequest.safeParse({ items: [plate()], extra: 1 }).success).toBe(false);
    expect(QuoteRequest.safeParse({ items: [plate({ colour: 'red' })] }).success).toBe(false);
    expect(QuoteRequest.safeParse({ items: [plate({ outline: { ...rectangle, depth_in: 1 } })] }).success).toBe(false);
  });

  it.each([
    ['width 120 is the largest rectangle', { kind: 'rectangle', width_in: 120, height_in: 1 }, true],
    ['width over 120 is refused', { kind: 'rectangle', width_in: 120.01, height_in: 1 }, false],
    ['width 0 is refused', { kind: 'rectangle', width_in: 0, height_in: 1 }, false],
    ['a circle of 120', { kind: 'circle', diameter_in: 120 }, true],
    ['a ring with a wall of exactly 1/8 in', { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 3.75 }, true],
    ['a ring with a wall under 1/8 in', { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 3.76 }, false],
    ['a ring whose inner diameter is larger', { kind: 'ring', outer_diameter_in: 3, inner_diameter_in: 4 }, false],
  ])('outline bounds: %s', (_name, outline, ok) => {
    expect(QuoteRequest.safeParse({ items: [plate({ outline })] }).success).toBe(ok);
  });

  it('drops a last polygon corner repeating the first', () => {
    const parsed = PlateItem.parse(plate({ outline: { kind: 'polygon', points_in: [[0, 0], [4, 0], [4, 3], [0, 0]] } }));
    expect(parsed.outline).toEqual({ kind: 'polygon', points_in: [[0, 0], [4, 0], [4, 3]] });
  });

  it('counts polygon corners after dropping the closing one', () => {
    const ring = (n: number) => Array.from({ length: n }, (_, i) => [60 + 50 * Math.cos((2 * Math.PI * i) / n), 60 + 50 * Math.sin((2 * Math.PI * i) / n)]);
    const closed200 = [...ring(200), ring(200)[0]];
    expect(PlateItemRequest.safeParse(plate({ outline: { kind: 'polygon', points_in: closed200 } })).success).toBe(true);
    expect(PlateItemRequest.safeParse(plate({ outline: { kind: 'polygon', points_in: ring(201) } })).success).toBe(false);
    expect(PlateItemRequest.safeParse(plate({ outline: { kind: 'polygon', points_in: [[0, 0], [4, 0], [0, 0]] } })).success).toBe(false);
    expect(PlateItemRequest.safeParse(plate({ outline: { kind: 'polygon', points_in: [[0, 0], [4, 0], [121, 3]] } })).success).toBe(false);
  });

  it('counts every hole of a pattern toward the 500 cutouts', () => {
    const grid = (columns: number, rows: number) => ({ kind: 'grid', center_x_in: 60, center_y_in: 60, columns, rows, x_spacing_in: 0.5, y_spacing_in: 0.5, diameter_in: 0.1 });
    expect(PlateItemRequest.safeParse(plate({ holes: [grid(20, 25)] })).success).toBe(true);
    const result = PlateItemRequest.safeParse(plate({ holes: [grid(20, 25), { kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.2 }] }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['holes']);
  });

  it('takes at most 200 hole entries and 10 bends', () => {
    const single = { kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.2 };
    const bend = { start_in: [0, 1], end_in: [6, 1] };
    expect(PlateItemRequest.safeParse(plate({ holes: Array(200).fill(single) })).success).toBe(true);
    expect(PlateItemRequest.safeParse(plate({ holes: Array(201).fill(single) })).success).toBe(false);
    expect(PlateItemRequest.safeParse(plate({ bends: Array(10).fill(bend) })).success).toBe(true);
    expect(PlateItemRequest.safeParse(plate({ bends: Array(11).fill(bend) })).success).toBe(false);
  });

  it('refuses a bend whose two points are the same', () => {
    expect(PlateItemRequest.safeParse(plate({ bends: [{ start_in: [1, 1], end_in: [1, 1] }] })).success).toBe(false);
  });

  it.each([
    ['plate quantity 999', plate({ quantity: 999 }), true],
    ['plate quantity 1000', plate({ quantity: 1000 }), false],
    ['plate quantity 2.5', plate({ quantity: 2.5 }), false],
    ['six quantity options', plate({ quantity_options: [1, 2, 3, 4, 5, 6] }), false],
    ['product quantity 50', { kind: 'product', slug: 'a', tier: 'kit', quantity: 50 }, true],
    ['product quantity 51', { kind: 'product', slug: 'a', tier: 'kit', quantity: 51 }, false],
    ['product slug with a space', { kind: 'product', slug: 'a b', tier: 'kit' }, false],
    ['product slug of 81 characters', { kind: 'product', slug: 'a'.repeat(81), tier: 'kit' }, false],
    ['label of 60 characters', plate({ label: 'x'.repeat(60) }), true],
    ['label of 61 characters', plate({ label: 'x'.repeat(61) }), false],
    ['thickness over 4', plate({ thickness_in: 4.01 }), false],
    ['material not listed', plate({ material: 'titanium' }), false],
    ['a hole angle of 360', plate({ holes: [{ kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.25, length_in: 1, angle_deg: 360 }] }), true],
    ['a hole angle of 361', plate({ holes: [{ kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.25, length_in: 1, angle_deg: 361 }] }), false],
    ['a bolt circle of one hole', plate({ holes: [{ kind: 'bolt_circle', center_x_in: 3, center_y_in: 2, count: 1, bolt_circle_diameter_in: 2, diameter_in: 0.25 }] }), false],
  ])('bounds: %s', (_name, item, ok) => {
    expect(QuoteRequest.safeParse({ items: [item] }).success).toBe(ok);
  });
});
