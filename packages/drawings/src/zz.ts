import { drawing, insert, block, line, circle } from './test-drawings';
import { importDxf } from './import-dxf';
const t1 = drawing([insert('B', 0, 0, '0', { 70: 1, 71: 49_990, 45: 2 })], { insUnits: 1, blocks: [block('B', 0, 0, [circle(0,0,0.5)])] });
let s = Date.now(); let r = importDxf(t1); console.log('minsert', Date.now() - s, r.ok ? 'ok' : r.code);
