// Drawings written group code by group code for the fuzzer: every entity the reader knows (lines, arcs,
// circles, polylines with bulges, splines, ellipses, blocks and inserts with arrays, nested and
// recursive), text and dimensions it must set aside, and numbers at the edges of a double (0, -0,
// denormals, 1e+-308, NaN and infinities as a file can spell them), with sections left out or broken.
import fc from 'fast-check';

/** A value as the file spells it. */
type Text = string;

const NASTY_NUMBERS: Text[] = [
  '0', '-0', '0.0', '5e-324', '2.2250738585072014e-308', '1e-300', '1e-12', '1e300', '1e308', '-1e308', '1.7976931348623157e308',
  '1e309', 'NaN', 'nan', 'inf', '-inf', 'Infinity', '-Infinity', '', ' ', '1,5', '0x10', '1e', '--1', '+', '.', '1.2.3', '9'.repeat(400),
];

/** A number as a file writes it, of ordinary size. */
const ordinaryNumber: fc.Arbitrary<Text> = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -60, max: 60, noNaN: true, noDefaultInfinity: true }).map((v) => String(Number(v.toFixed(4)))) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 100 }).map(String) },
);

/** A number as a hostile file writes it: mostly ordinary, sometimes at or past the edges of a double. */
const hostileNumber: fc.Arbitrary<Text> = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -60, max: 60, noNaN: true, noDefaultInfinity: true }).map((v) => String(Number(v.toFixed(4)))) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 100 }).map(String) },
  { weight: 1, arbitrary: fc.double({ noNaN: false }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
);

/** A small count (array rows and columns, spline degrees, vertex counts) at its edges too. */
const countText: fc.Arbitrary<Text> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) },
  { weight: 2, arbitrary: fc.constantFrom('0', '-1', '-32768', '32767', '2147483647', 'NaN', '1e9', '3.5', '') },
);

const layer: fc.Arbitrary<Text> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('0', 'CUT', 'BEND', 'bend', 'Outline', 'DIM') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, '')) },
);

/** Group code and value pairs, one entity. */
type Pairs = Array<[number, Text]>;


function write(pairs: Pairs, crlf: boolean): string {
  const newline = crlf ? '\r\n' : '\n';
  return pairs.map(([code, value]) => `${String(code).padStart(3)}${newline}${value}`).join(newline) + newline;
}

/** A drawing whose numbers are drawn from `numberText`. */
function dxfOf(numberText: fc.Arbitrary<Text>): fc.Arbitrary<string> {
  const point = (x: number, y: number) => fc.tuple(numberText, numberText).map(([a, b]): Pairs => [[x, a], [y, b]]);

  const line = fc.tuple(layer, point(10, 20), point(11, 21)).map(([l, p, q]): Pairs => [[0, 'LINE'], [8, l], ...p, ...q]);
  const circle = fc.tuple(layer, point(10, 20), numberText).map(([l, c, r]): Pairs => [[0, 'CIRCLE'], [8, l], ...c, [40, r]]);
  const arc = fc.tuple(layer, point(10, 20), numberText, numberText, numberText).map(([l, c, r, a0, a1]): Pairs => [[0, 'ARC'], [8, l], ...c, [40, r], [50, a0], [51, a1]]);

  /** Corners of a closed outline of ordinary size (most drawings have one), so the reader goes past "no part". */
  const squareCorners = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })).map(([w, h]) => [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => [String(x), String(y)] as [Text, Text]));

  const lwpolyline = fc
    .tuple(
      layer,
      fc.oneof(squareCorners, fc.array(fc.tuple(numberText, numberText), { minLength: 0, maxLength: 40 })),
      fc.constantFrom('0', '1', '128', '129', '-1', 'x'),
      fc.array(fc.option(numberText, { nil: undefined }), { maxLength: 40 }),
    )
    .map(([l, corners, flags, bulges]): Pairs => {
      const pairs: Pairs = [[0, 'LWPOLYLINE'], [8, l], [90, String(corners.length)], [70, flags]];
      corners.forEach(([x, y], i) => {
        pairs.push([10, x], [20, y]);
        const bulge = bulges[i];
        if (bulge !== undefined) pairs.push([42, bulge]);
      });
      return pairs;
    });

  const polyline = fc
    .tuple(layer, fc.array(fc.tuple(numberText, numberText, fc.option(numberText, { nil: undefined })), { maxLength: 20 }), fc.constantFrom('0', '1', '8', '16', '64'), fc.boolean())
    .map(([l, vertices, flags, ended]): Pairs => {
      const pairs: Pairs = [[0, 'POLYLINE'], [8, l], [66, '1'], [70, flags]];
      for (const [x, y, bulge] of vertices) {
        pairs.push([0, 'VERTEX'], [8, l], [10, x], [20, y]);
        if (bulge !== undefined) pairs.push([42, bulge]);
      }
      if (ended) pairs.push([0, 'SEQEND']);
      return pairs;
    });

  const spline = fc
    .tuple(layer, countText, fc.array(numberText, { maxLength: 16 }), fc.array(fc.tuple(numberText, numberText), { maxLength: 12 }), fc.array(numberText, { maxLength: 12 }), fc.constantFrom('0', '1', '8', '11'))
    .map(([l, degree, knots, controls, weights, flags]): Pairs => [
      [0, 'SPLINE'],
      [8, l],
      [70, flags],
      [71, degree],
      [72, String(knots.length)],
      [73, String(controls.length)],
      ...knots.map((k): [number, Text] => [40, k]),
      ...weights.map((w): [number, Text] => [41, w]),
      ...controls.flatMap(([x, y]): Pairs => [[10, x], [20, y]]),
    ]);

  const ellipse = fc
    .tuple(layer, point(10, 20), point(11, 21), fc.oneof(numberText, fc.constantFrom('1e-300', '1e-9', '-0.5', '1', '2')), numberText, numberText)
    .map(([l, c, axis, ratio, start, end]): Pairs => [[0, 'ELLIPSE'], [8, l], ...c, ...axis, [40, ratio], [41, start], [42, end]]);

  const ignorable = fc.tuple(layer, fc.constantFrom('TEXT', 'MTEXT', 'DIMENSION', 'HATCH', 'POINT', 'SOLID', '3DFACE', 'LEADER', 'IMAGE', 'WIPEOUT', 'UNKNOWN_THING'), point(10, 20)).map(([l, type, p]): Pairs => [
    [0, type],
    [8, l],
    ...p,
    [1, 'note'],
  ]);

  /** An INSERT of one of the named blocks (or of none), scaled, rotated and arrayed. */
  const insert = (names: readonly string[]) =>
    fc
      .tuple(layer, fc.constantFrom(...names, 'MISSING'), point(10, 20), fc.array(fc.tuple(fc.constantFrom(41, 42, 43, 50, 44, 45), numberText), { maxLength: 4 }), fc.option(fc.tuple(countText, countText), { nil: undefined }))
      .map(([l, name, at, transforms, array]): Pairs => {
        const pairs: Pairs = [[0, 'INSERT'], [8, l], [2, name], ...at, ...transforms];
        if (array) pairs.push([70, array[0]], [71, array[1]]);
        return pairs;
      });

  const plainEntity = fc.oneof(
    { weight: 3, arbitrary: line },
    { weight: 3, arbitrary: circle },
    { weight: 2, arbitrary: arc },
    { weight: 4, arbitrary: lwpolyline },
    { weight: 1, arbitrary: polyline },
    { weight: 2, arbitrary: spline },
    { weight: 2, arbitrary: ellipse },
    { weight: 1, arbitrary: ignorable },
  );

  const BLOCK_NAMES = ['B0', 'B1', 'B2'] as const;
  const entity = fc.oneof({ weight: 5, arbitrary: plainEntity }, { weight: 1, arbitrary: insert(BLOCK_NAMES) });

  /** Random pairs: group codes a reader may not expect, in places it may not expect them. */
  const junkPairs = fc.array(fc.tuple(fc.integer({ min: -10, max: 1100 }), fc.oneof(numberText, fc.string({ maxLength: 10 }))), { maxLength: 6 });

  /** How a file may be broken as a whole: sections missing or unended, the end missing, junk inside. */
  const damage = fc.record({ noEof: fc.boolean(), unendedSection: fc.boolean(), junk: junkPairs, crlf: fc.boolean(), cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }) }, { requiredKeys: [] });

  const units = fc.option(fc.constantFrom('0', '1', '4', '5', '6', '13', '-1', 'NaN', ''), { nil: undefined });

  // A DXF file: header, blocks (which may insert each other, or themselves), entities, maybe damaged. */
    return fc
    .tuple(
      units,
      fc.array(fc.tuple(fc.constantFrom(...BLOCK_NAMES), numberText, numberText, fc.array(entity, { maxLength: 5 })), { maxLength: 3 }),
      fc.array(entity, { minLength: 1, maxLength: 14 }),
      damage,
    )
    .map(([insUnits, blocks, entities, broken]) => {
      const pairs: Pairs = [];
      if (insUnits !== undefined) pairs.push([0, 'SECTION'], [2, 'HEADER'], [9, '$INSUNITS'], [70, insUnits], [0, 'ENDSEC']);
      if (blocks.length > 0) {
        pairs.push([0, 'SECTION'], [2, 'BLOCKS']);
        for (const [name, bx, by, inner] of blocks) {
          pairs.push([0, 'BLOCK'], [8, '0'], [2, name], [70, '0'], [10, bx], [20, by], ...inner.flat(), [0, 'ENDBLK']);
        }
        pairs.push([0, 'ENDSEC']);
      }
      pairs.push([0, 'SECTION'], [2, 'ENTITIES'], ...entities.flat(), ...(broken.junk ?? []));
      if (!broken.unendedSection) pairs.push([0, 'ENDSEC']);
      if (!broken.noEof) pairs.push([0, 'EOF']);
      const text = write(pairs, broken.crlf ?? false);
      return broken.cutAt === undefined ? text : text.slice(0, Math.floor(text.length * broken.cutAt));
    });
}

/**
 * A DXF file: header, blocks (which may insert each other, or themselves), entities, maybe damaged;
 * three in five with ordinary numbers (so most reach the part's checks), the rest hostile ones.
 */
export const dxfText: fc.Arbitrary<string> = fc.oneof({ weight: 3, arbitrary: dxfOf(ordinaryNumber) }, { weight: 2, arbitrary: dxfOf(hostileNumber) });
