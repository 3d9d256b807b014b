// The costliest legal drawing the benches send: an outline of 18,000 corners (a 58 in disc saved as
// one polyline, as CAD exports a scanned or meshed part), 40 cut-outs of 25 corners and 400 round
// holes, 19,000 vertices in all (the limit is 20,000), some 450 KB of DXF text, ready to cut.
import { circle, drawing, lwpolyline } from '../packages/drawings/src/test-drawings';

function ring(cx: number, cy: number, r: number, count: number): number[][] {
  return Array.from({ length: count }, (_, k) => {
    const a = (2 * Math.PI * k) / count;
    return [Number((cx + r * Math.cos(a)).toFixed(5)), Number((cy + r * Math.sin(a)).toFixed(5))];
  });
}

export function heavyImportDxf(): string {
  const entities = [lwpolyline(ring(30, 30, 29, 18_000), true, 'CUT')];
  for (let j = 0; j < 5; j++) {
    for (let i = 0; i < 8; i++) entities.push(lwpolyline(ring(10 + 5.5 * i, 15 + 7 * j, 1.2, 25), true, 'CUT'));
  }
  for (let i = 0; i < 8; i++) {
    for (let k = 0; k < 50; k++) entities.push(circle(12.75 + 5.5 * i, 12 + 0.7 * k, 0.1875, 'CUT'));
  }
  return drawing(entities, { insUnits: 1 });
}
