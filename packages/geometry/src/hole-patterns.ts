// The contract's hole patterns expanded into cutouts. Every cutout is a capsule: the set of points within
// `radius` of the segment a-b. A round hole has a = b; a slot's a and b are the centres of its ends.
import type { HolePattern } from '@shop/contracts';

export interface Cutout {
  kind: 'hole' | 'slot';
  /** Index of the pattern in the item's holes. */
  entry: number;
  /** Position in its pattern, from 0. */
  index: number;
  /** Centre of the cutout. */
  x: number;
  y: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  radius: number;
}

const DEG = Math.PI / 180;

/** Every cutout of every pattern, pattern by pattern in request order. */
export function expandHoles(holes: readonly HolePattern[]): Cutout[] {
  const out: Cutout[] = [];
  for (let entry = 0; entry < holes.length; entry++) expandPattern(holes[entry]!, entry, out);
  return out;
}

function hole(entry: number, index: number, x: number, y: number, diameter: number): Cutout {
  return { kind: 'hole', entry, index, x, y, ax: x, ay: y, bx: x, by: y, radius: diameter / 2 };
}

function expandPattern(p: HolePattern, entry: number, out: Cutout[]): void {
  switch (p.kind) {
    case 'single':
      out.push(hole(entry, 0, p.x_in, p.y_in, p.diameter_in));
      return;
    case 'linear': {
      const [c, s] = cosSin(p.angle_deg);
      for (let i = 0; i < p.count; i++) {
        out.push(hole(entry, i, p.start_x_in + i * p.spacing_in * c, p.start_y_in + i * p.spacing_in * s, p.diameter_in));
      }
      return;
    }
    case 'grid': {
      const [c, s] = cosSin(p.rotation_deg);
      const x0 = -((p.columns - 1) * p.x_spacing_in) / 2;
      const y0 = -((p.rows - 1) * p.y_spacing_in) / 2;
      // Row by row from the bottom, left to right: hole k is column k % columns of row k / columns.
      for (let row = 0; row < p.rows; row++) {
        for (let col = 0; col < p.columns; col++) {
          const u = x0 + col * p.x_spacing_in;
          const v = y0 + row * p.y_spacing_in;
          out.push(hole(entry, row * p.columns + col, p.center_x_in + u * c - v * s, p.center_y_in + u * s + v * c, p.diameter_in));
        }
      }
      return;
    }
    case 'bolt_circle': {
      const r = p.bolt_circle_diameter_in / 2;
      for (let i = 0; i < p.count; i++) {
        const [c, s] = cosSin(p.start_angle_deg + (360 * i) / p.count);
        out.push(hole(entry, i, p.center_x_in + r * c, p.center_y_in + r * s, p.diameter_in));
      }
      return;
    }
    case 'slot': {
      // The contract keeps width_in at most length_in (tip to tip).
      const [c, s] = cosSin(p.angle_deg);
      const half = (p.length_in - p.width_in) / 2;
      out.push({
        kind: 'slot',
        entry,
        index: 0,
        x: p.center_x_in,
        y: p.center_y_in,
        ax: p.center_x_in - half * c,
        ay: p.center_y_in - half * s,
        bx: p.center_x_in + half * c,
        by: p.center_y_in + half * s,
        radius: p.width_in / 2,
      });
      return;
    }
  }
}

/** cos and sin of an angle in degrees, exact at multiples of 90 so axis-aligned patterns stay on the grid. */
export function cosSin(deg: number): [number, number] {
  const turns = (((deg % 360) + 360) % 360) / 90;
  if (Number.isInteger(turns)) {
    return ([[1, 0], [0, 1], [-1, 0], [0, -1]] as const)[turns]!.slice() as [number, number];
  }
  return [Math.cos(deg * DEG), Math.sin(deg * DEG)];
}

/** Straight length of a cutout's centre segment (0 for a round hole). */
function cutoutSpan(c: Cutout): number {
  return Math.hypot(c.bx - c.ax, c.by - c.ay);
}

/** Exact area: a disc plus, for a slot, the rectangle between its ends. */
export function cutoutArea(c: Cutout): number {
  return Math.PI * c.radius * c.radius + 2 * c.radius * cutoutSpan(c);
}

/** Exact perimeter: a circle plus, for a slot, its two straight sides. */
export function cutoutPerimeter(c: Cutout): number {
  return 2 * Math.PI * c.radius + 2 * cutoutSpan(c);
}
