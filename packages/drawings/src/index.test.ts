// The public surface of @shop/drawings and what its sources may import.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as drawings from './index';

describe('@shop/drawings entry point', () => {
  it('exports importDxf, writeDxf and the arc flattening they share with a caller, nothing else at run time', () => {
    expect(Object.keys(drawings).sort()).toEqual(['arcPoints', 'circlePoints', 'importDxf', 'writeDxf']);
  });

  it('imports only its four libraries and its own files: no I/O, no network, no worker, no other @shop package', () => {
    const allowed = new Set(['dxf', 'dxf/lib/util/logger', '@tarikjabiri/dxf', 'clipper-lib', 'flatbush']);
    const sources = readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-'));
    const found = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(join(__dirname, file), 'utf8');
      for (const match of text.matchAll(/(?:from\s+|require\()'([^']+)'/g)) if (!match[1]!.startsWith('./')) found.add(match[1]!);
    }
    expect([...found].filter((name) => !allowed.has(name))).toEqual([]);
    expect(found.has('dxf')).toBe(true);
  });
});
