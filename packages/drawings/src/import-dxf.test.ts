// importDxf on everyday drawings: sizes in inches, holes, cutouts, arcs, units, bends, what is not cut.
import { DxfWriter, LWPolylineFlags, Units } from '@tarikjabiri/dxf';
import { importDxf } from './import-dxf';
import { arc, circle, dimension, drawing, layer, line, lwpolyline, rectangleOfLines, text } from './test-drawings';
import type { DxfImport, DxfImportResult, Pt } from './types';

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`expected a part, got ${result.code}: ${result.message}`);
  return result;
}

/** Shoelace area, positive counter-clockwise. */
function polygonArea(points: readonly Pt[]): number {
  let twice = 0;
  for (let k = 0, j = points.length - 1; k < points.length; j = k++) twice += (points[j]![0] - points[k]![0]) * (points[j]![1] + points[k]![1]);
  return twice / 2;
}

describe('importDxf: what a plate drawing gives', () => {
  it('reads a mm rectangle of LINEs with a circle hole and a square cutout, in inches', () => {
    const dxf = drawing(
      [
        ...rectangleOfLines(0, 0, 254, 127),
        circle(50.8, 63.5, 12.7),
        lwpolyline([[127, 50.8], [152.4, 50.8], [152.4, 76.2], [127, 76.2]], true),
      ],
      { insUnits: 4 },
    );
    const part = expectPart(importDxf(dxf));
    expect(part.units).toBe('mm');
    expect([part.width_in, part.height_in]).toEqual([10, 5]);
    expect(part.plate.outline.points_in).toEqual([[0, 0], [10, 0], [10, 5], [0, 5]]);
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 2, y_in: 2.5, diameter_in: 1 }]);
    expect(part.plate.cutouts).toEqual([{ kind: 'polygon', points_in: [[5, 2], [6, 2], [6, 3], [5, 3]] }]);
    expect(part.counts).toEqual({ contours: 3, holes: 1, cutouts: 1, bends: 0 });
    // 30 (rectangle) + pi (hole) + 4 (cutout)
    expect(part.cut_length_in).toBeCloseTo(34 + Math.PI, 6);
    expect(part.vertices).toBe(8);
    expect(part.issues).toEqual([]);
  });

  it('shifts the part so its bounding-box minimum is (0, 0) and turns a clockwise outline counter-clockwise', () => {
    const dxf = drawing([lwpolyline([[-5, 3], [-5, 7], [1, 7], [1, 3]], true), circle(-2, 5, 0.5)], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect(part.plate.outline.points_in).toEqual([[0, 0], [6, 0], [6, 4], [0, 4]]);
    expect(polygonArea(part.plate.outline.points_in)).toBe(24);
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 3, y_in: 2, diameter_in: 1 }]);
  });

  it('flattens bulge corners within 0.002 in and takes the cut length from the true arcs', () => {
    // A 6 x 4 in rectangle with 0.5 in corner radii, built with @tarikjabiri/dxf: bulge tan(90deg / 4).
    const r = 0.5;
    const b = Math.tan(Math.PI / 8);
    const writer = new DxfWriter();
    writer.setUnits(Units.Inches);
    writer.addLWPolyline(
      [
        { point: { x: r, y: 0 } },
        { point: { x: 6 - r, y: 0 }, bulge: b },
        { point: { x: 6, y: r } },
        { point: { x: 6, y: 4 - r }, bulge: b },
        { point: { x: 6 - r, y: 4 } },
        { point: { x: r, y: 4 }, bulge: b },
        { point: { x: 0, y: 4 - r } },
        { point: { x: 0, y: r }, bulge: b },
      ],
      { flags: LWPolylineFlags.Closed },
    );
    const part = expectPart(importDxf(writer.stringify()));
    const exactArea = 24 - (4 - Math.PI) * r * r;
    const area = polygonArea(part.plate.outline.points_in);
    expect(area).toBeLessThan(exactArea);
    expect(exactArea - area).toBeLessThan(0.005);
    expect(part.cut_length_in).toBeCloseTo(2 * (6 + 4) - 8 * r + 2 * Math.PI * r, 6);
    expect([part.width_in, part.height_in]).toEqual([6, 4]);
    // Every corner vertex lies on its arc; every chord strays at most 0.002 in from it.
    const corner: Pt = [6 - r, 4 - r];
    const onCorner = part.plate.outline.points_in.filter(([x, y]) => x >= corner[0] && y >= corner[1]);
    expect(onCorner.length).toBeGreaterThanOrEqual(5);
    for (const [x, y] of onCorner) expect(Math.hypot(x - corner[0], y - corner[1])).toBeCloseTo(r, 5);
    for (let k = 1; k < onCorner.length; k++) {
      const mid: Pt = [(onCorner[k]![0] + onCorner[k - 1]![0]) / 2, (onCorner[k]![1] + onCorner[k - 1]![1]) / 2];
      expect(r - Math.hypot(mid[0] - corner[0], mid[1] - corner[1])).toBeLessThanOrEqual(0.002);
    }
  });

  it('joins an outline of LINEs and ARCs (a 4 x 2 in slot shape)', () => {
    const dxf = drawing([line(1, 0, 3, 0), arc(3, 1, 1, -90, 90), line(3, 2, 1, 2), arc(1, 1, 1, 90, 270)], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect([part.width_in, part.height_in]).toEqual([4, 2]);
    expect(part.cut_length_in).toBeCloseTo(4 + 2 * Math.PI, 6);
    // Chords cut inside the true arcs: a little area is lost, never gained.
    const lost = 4 + Math.PI - polygonArea(part.plate.outline.points_in);
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(0.01);
    expect(part.plate.holes).toEqual([]);
    expect(part.issues).toEqual([]);
  });

  it('reads a lone CIRCLE as a disc part: quarter points are vertices, so the size is exact', () => {
    const part = expectPart(importDxf(drawing([circle(5, 5, 2), circle(5, 5, 0.5)], { insUnits: 1 })));
    expect([part.width_in, part.height_in]).toEqual([4, 4]);
    expect(part.plate.outline.points_in[0]).toEqual([4, 2]);
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 2, y_in: 2, diameter_in: 1 }]);
    expect(part.cut_length_in).toBeCloseTo(5 * Math.PI, 6);
    const area = polygonArea(part.plate.outline.points_in);
    expect(4 * Math.PI - area).toBeGreaterThan(0);
    expect(4 * Math.PI - area).toBeLessThan(0.02);
  });

  it('makes a hole of a full circle drawn as two arcs, and a cutout of a slot', () => {
    const dxf = drawing(
      [
        ...rectangleOfLines(0, 0, 10, 10),
        arc(3, 3, 1, 0, 180),
        arc(3, 3, 1, 180, 360),
        lwpolyline([[6, 6], [8, 6, 1], [8, 7], [6, 7, 1]], true),
      ],
      { insUnits: 1 },
    );
    const part = expectPart(importDxf(dxf));
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 3, y_in: 3, diameter_in: 2 }]);
    expect(part.plate.cutouts).toHaveLength(1);
    // The bulge-1 ends of the slot are half circles of 0.5 in: 2 x 2 + pi x 1.
    expect(part.cut_length_in).toBeCloseTo(40 + 2 * Math.PI + 4 + Math.PI, 6);
  });

  it('reads a full ELLIPSE as a cutout with the true ellipse perimeter', () => {
    const ellipse = [
      '0', 'ELLIPSE', '8', '0', '10', '5', '20', '5', '30', '0', '11', '2', '21', '0', '31', '0', '40', '0.5', '41', '0', '42', String(2 * Math.PI),
    ].join('\n');
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), ellipse], { insUnits: 1 })));
    const [cutout] = part.plate.cutouts;
    expect(cutout).toBeDefined();
    expect(polygonArea(cutout!.points_in)).toBeCloseTo(Math.PI * 2 * 1, 1);
    // Ramanujan: pi (3(a + b) - sqrt((3a + b)(a + 3b))) with a = 2, b = 1.
    const perimeter = Math.PI * (9 - Math.sqrt(7 * 5));
    expect(part.cut_length_in - 40).toBeCloseTo(perimeter, 4);
    const xs = cutout!.points_in.map(([x]) => x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(4, 6);
  });

  it('keeps every chord of a long thin ELLIPSE within the 0.002 in chord tolerance', () => {
    // rx = 4, ry = 1: an even step of the angle strays most at the ends of the major axis.
    const ellipse = ['0', 'ELLIPSE', '8', '0', '10', '5', '20', '5', '30', '0', '11', '4', '21', '0', '31', '0', '40', '0.25', '41', '0', '42', String(2 * Math.PI)].join('\n');
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), ellipse], { insUnits: 1 })));
    const points = part.plate.cutouts[0]!.points_in;
    const angleOf = ([x, y]: Pt) => Math.atan2((y - 5) / 1, (x - 5) / 4);
    let worst = 0;
    points.forEach((p, k) => {
      const q = points[(k + 1) % points.length]!;
      const t0 = angleOf(p);
      const sweep = (((angleOf(q) - t0) % (2 * Math.PI)) + 3 * Math.PI) % (2 * Math.PI) - Math.PI;
      for (let i = 1; i < 16; i++) {
        const t = t0 + (sweep * i) / 16;
        const [ex, ey] = [5 + 4 * Math.cos(t), 5 + Math.sin(t)];
        const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
        const u = Math.max(0, Math.min(1, ((ex - p[0]) * dx + (ey - p[1]) * dy) / (dx * dx + dy * dy)));
        worst = Math.max(worst, Math.hypot(ex - p[0] - u * dx, ey - p[1] - u * dy));
      }
    });
    expect(worst).toBeGreaterThan(0.001);
    expect(worst).toBeLessThanOrEqual(0.002 + 1e-9);
  });

  it('reads a rational SPLINE circle (de Boor with weights) as a cutout on the true circle', () => {
    const w = Math.SQRT1_2;
    const control: Array<[number, number, number]> = [
      [1, 0, 1], [1, 1, w], [0, 1, 1], [-1, 1, w], [-1, 0, 1], [-1, -1, w], [0, -1, 1], [1, -1, w], [1, 0, 1],
    ];
    const knots = [0, 0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 1];
    const spline = [
      '0', 'SPLINE', '8', '0', '70', '11', '71', '2', '72', String(knots.length), '73', String(control.length), '74', '0',
      ...knots.flatMap((k) => ['40', String(k)]),
      ...control.flatMap(([x, y, weight]) => ['10', String(x + 5), '20', String(y + 5), '30', '0', '41', String(weight)]),
    ].join('\n');
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), spline], { insUnits: 1 })));
    const [cutout] = part.plate.cutouts;
    for (const [x, y] of cutout!.points_in) expect(Math.hypot(x - 5, y - 5)).toBeCloseTo(1, 5);
    expect(Math.PI - polygonArea(cutout!.points_in)).toBeLessThan(0.01);
    expect(part.cut_length_in - 40).toBeCloseTo(2 * Math.PI, 4);
  });

  it('lists TEXT and DIMENSION in ignored with their counts and layers, and never cuts them', () => {
    const dxf = drawing(
      [...rectangleOfLines(0, 0, 4, 3, 'CUT'), text(0, -1, 'PART 12'), text(0, -2, 'REV A'), text(0, 4, 'TITLE', 'NOTES'), dimension(0, 0, 4, 0, 'DIMS')],
      { insUnits: 1 },
    );
    const part = expectPart(importDxf(dxf));
    expect(part.ignored).toEqual([
      { type: 'TEXT', layer: '0', count: 2, note: expect.stringContaining('text is not cut') },
      { type: 'DIMENSION', layer: 'DIMS', count: 1, note: 'dimensions are not cut' },
      { type: 'TEXT', layer: 'NOTES', count: 1, note: expect.stringContaining('text is not cut') },
    ]);
    expect(part.counts.contours).toBe(1);
    expect(part.cut_length_in).toBe(14);
  });

  it('lists paper-space, invisible and hidden-layer entities in ignored', () => {
    const dxf = drawing(
      [
        ...rectangleOfLines(0, 0, 4, 3),
        circle(1, 1, 0.25, '0', { 67: 1 }),
        circle(2, 1, 0.25, '0', { 60: 1 }),
        circle(3, 1, 0.25, 'OFF'),
        circle(3, 2, 0.25, 'FROZEN'),
      ],
      { insUnits: 1, layers: [layer('OFF', { off: true }), layer('FROZEN', { frozen: true })] },
    );
    const part = expectPart(importDxf(dxf));
    expect(part.plate.holes).toEqual([]);
    expect(part.cut_length_in).toBe(14);
    const hidden = 'on a layer that is off, frozen or set not to plot';
    expect(part.ignored).toEqual([
      { type: 'CIRCLE', layer: '0', count: 1, note: 'in paper space (a layout sheet), not in the model' },
      { type: 'CIRCLE', layer: '0', count: 1, note: 'invisible entity' },
      { type: 'CIRCLE', layer: 'FROZEN', count: 1, note: hidden },
      { type: 'CIRCLE', layer: 'OFF', count: 1, note: hidden },
    ]);
  });

  it('takes bends from straight lines on a layer whose name contains BEND, in the plate frame', () => {
    const dxf = drawing([...rectangleOfLines(10, 10, 16, 14), line(10, 12, 16, 12, 'Bend-Up'), arc(13, 12, 1, 0, 90, 'BENDS')], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect(part.plate.bends).toEqual([{ start_in: [0, 2], end_in: [6, 2], angle_deg: 90, direction: 'up' }]);
    expect(part.counts.bends).toBe(1);
    expect(part.ignored).toEqual([{ type: 'ARC', layer: 'BENDS', count: 1, note: expect.stringContaining('not a straight line') }]);
    expect(part.cut_length_in).toBe(20);
  });

  it('drops a line drawn twice and a rectangle drawn twice, and lists them', () => {
    const dxf = drawing(
      [
        ...rectangleOfLines(0, 0, 10, 5),
        line(10, 5, 0, 5),
        lwpolyline([[2, 2], [3, 2], [3, 3], [2, 3]], true),
        lwpolyline([[2, 2], [3, 2], [3, 3], [2, 3]], true),
      ],
      { insUnits: 1 },
    );
    const part = expectPart(importDxf(dxf));
    expect(part.counts).toEqual({ contours: 2, holes: 0, cutouts: 1, bends: 0 });
    expect(part.cut_length_in).toBe(34);
    expect(part.ignored).toEqual([
      { type: 'LINE', layer: '0', count: 1, note: 'drawn twice on top of itself: cut once' },
      { type: 'LWPOLYLINE', layer: '0', count: 1, note: 'drawn twice on top of itself: cut once' },
    ]);
  });

  it('keeps a circle drawn inside a square of the same size (not a copy: same box, other perimeter)', () => {
    const dxf = drawing([...rectangleOfLines(0, 0, 10, 10), lwpolyline([[2, 2], [4, 2], [4, 4], [2, 4]], true), circle(3, 3, 1)], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect(part.counts.contours).toBe(3);
    expect(part.issues.map((i) => i.code)).toEqual(['dxf_island']);
  });

  it('uses the units given by the caller over the file', () => {
    const dxf = drawing(rectangleOfLines(0, 0, 25.4, 50.8), { insUnits: 1 });
    expect(expectPart(importDxf(dxf, { units: 'mm' }))).toMatchObject({ units: 'mm', width_in: 1, height_in: 2 });
    expect(expectPart(importDxf(dxf))).toMatchObject({ units: 'in', width_in: 25.4, height_in: 50.8 });
  });

  it('reads cm, m and ft from $INSUNITS', () => {
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 2.54, 5.08), { insUnits: 5 })))).toMatchObject({ units: 'cm', width_in: 1, height_in: 2 });
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 0.0254, 0.0508), { insUnits: 6 })))).toMatchObject({ units: 'm', width_in: 1, height_in: 2 });
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 0.5, 0.25), { insUnits: 2 })))).toMatchObject({ units: 'ft', width_in: 6, height_in: 3 });
  });

  it('reads a file whose lines end in a lone CR (old Mac files)', () => {
    const part = expectPart(importDxf(drawing(rectangleOfLines(0, 0, 3, 2), { insUnits: 1 }).replace(/\n/g, '\r')));
    expect([part.width_in, part.height_in]).toEqual([3, 2]);
  });

  it('strips a byte-order mark', () => {
    const part = expectPart(importDxf(`\ufeff${drawing(rectangleOfLines(0, 0, 3, 2), { insUnits: 1 })}`));
    expect([part.width_in, part.height_in]).toEqual([3, 2]);
  });

  it('joins 16,000 LINEs into 4,000 square cutouts', () => {
    const entities = [...rectangleOfLines(0, 0, 100, 100)];
    for (let i = 0; i < 4000; i++) {
      const x = 1 + (i % 64) * 1.5;
      const y = 1 + Math.floor(i / 64) * 1.5;
      entities.push(...rectangleOfLines(x, y, x + 1, y + 1));
    }
    const part = expectPart(importDxf(drawing(entities, { insUnits: 1 })));
    expect(part.counts).toEqual({ contours: 4001, holes: 0, cutouts: 4000, bends: 0 });
    expect(part.vertices).toBe(4 + 4000 * 4);
    expect(part.cut_length_in).toBe(400 + 4000 * 4);
    expect(part.issues).toEqual([]);
  });
});
