import type { PlateImport } from '@shop/contracts';
import { createPartCache, isReference, placeImport, referenceOf, resolvePlate, toPart } from './import-parts';

const plate: PlateImport['plate'] = {
  outline: { kind: 'polygon', points_in: [[0, 0], [6, 0], [6, 4], [0, 4]] },
  holes: [{ kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.5 }],
  cutouts: [],
  bends: [{ start_in: [3, 0], end_in: [3, 4], angle_deg: 90, direction: 'up' }],
};
const found = (id: string, points = 4): PlateImport =>
  ({ object: 'plate_import', id, plate: { ...plate, outline: { kind: 'polygon', points_in: Array.from({ length: points }, (_, k) => [k, k % 2]) } }, issues: [{ code: 'dxf_open_contour', severity: 'blocking', message: 'open', param: null }] }) as unknown as PlateImport;
const record = (id: string, body: string) => ({ id, expiresAt: new Date(1), retainUntil: new Date(2), body });

describe('imported parts', () => {
  const reference = referenceOf({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: 'pi_1', quantity: 3, quantity_options: [], label: null });

  it('keeps a plate naming an import as its id and choices only (bends only when sent)', () => {
    expect(reference).toEqual({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: 'pi_1', quantity: 3, quantity_options: [], label: null });
    expect(isReference(reference)).toBe(true);
  });

  it("puts the import's own arrays in place, without copying them, and its bends unless the plate sends its own", () => {
    const placed = placeImport(reference, plate);
    expect(placed.outline).toBe(plate.outline);
    expect(placed.holes).toBe(plate.holes);
    expect(placed.bends).toBe(plate.bends);
    expect(placeImport({ ...reference, bends: [] }, plate).bends).toEqual([]);
    expect(Object.keys(placed).sort()).toEqual(['bends', 'cutouts', 'holes', 'kind', 'label', 'material', 'outline', 'quantity', 'quantity_options', 'thickness_in']);
  });

  it('refuses to resolve a reference to an import that was not read for it', () => {
    expect(() => resolvePlate(reference, () => undefined)).toThrow(/was not read before it was resolved/);
  });

  it('keeps the blocking issues of an import and its plate as text', () => {
    const part = toPart(record('pi_1', '{}'), found('pi_1'));
    expect(part.blocking.map((issue) => issue.code)).toEqual(['dxf_open_contour']);
    expect(JSON.parse(part.plateJson)).toEqual(found('pi_1').plate);
  });

  it('keeps the imports read lately within its size, dropping the least recently used', () => {
    const small = toPart(record('pi_a', 'x'.repeat(100)), found('pi_a'));
    const cache = createPartCache(small.weight * 2 + 10);
    cache.set(small);
    cache.set(toPart(record('pi_b', 'x'.repeat(100)), found('pi_b')));
    expect(cache.get('pi_a')).toBe(small);
    cache.set(toPart(record('pi_c', 'x'.repeat(100)), found('pi_c')));
    expect(cache.get('pi_b')).toBeUndefined();
    expect(cache.get('pi_a')).toBe(small);
    expect(cache.stats().entries).toBe(2);
    // One entry larger than the whole cache is still kept, alone.
    cache.set(toPart(record('pi_big', 'x'.repeat(10_000)), found('pi_big', 500)));
    expect(cache.stats().entries).toBe(1);
  });
});
