import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as geometry from './index';

describe('the package entry', () => {
  it('exports the functions pricing calls, by name', () => {
    expect(Object.keys(geometry).sort()).toEqual(
      ['analyzePlate', 'articleFor', 'cutoutArea', 'cutoutPerimeter', 'escapeXml', 'expandFold', 'expandHoles', 'expandOutline', 'formatThickness', 'measurePlate', 'renderImportDefectsSvg', 'renderPlateSvg', 'resolveThresholds', 'surveyPlate'].sort(),
    );
  });

  it('uses no I/O, clock, randomness or server library in its source', () => {
    const files = readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-'));
    for (const file of files) {
      const source = readFileSync(join(__dirname, file), 'utf8');
      expect({ file, bad: source.match(/from '(node:|fs|path|express|@prisma|ioredis|@modelcontextprotocol)[^']*'|Date\.now|new Date|Math\.random|process\./g) }).toEqual({ file, bad: null });
    }
  });
});
