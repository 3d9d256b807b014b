import { renderImportDefectsSvg } from './render-import-svg';

const open = {
  plate: {
    outline: { kind: 'polygon' as const, points_in: [[1.5, 1], [2.5, 1], [2.5, 2], [1.5, 2]] as Array<[number, number]> },
    holes: [{ kind: 'single' as const, x_in: 2, y_in: 1.5, diameter_in: 1 }],
    cutouts: [],
    bends: [],
  },
  marks: [{ code: 'dxf_open_contour' as const, closed: false, points_in: [[2, 0], [4, 0], [4, 3], [0, 3], [0, 0], [1.95, 0]] as Array<[number, number]> }],
  issues: [{ code: 'dxf_open_contour' as const, severity: 'blocking' as const, message: 'A contour is open: its ends (1.95, 0) in and (2, 0) in <drawing coordinates> are 0.05 in apart.', param: null }],
};

describe('renderImportDefectsSvg', () => {
  it('draws an open contour in the warning colour with a ring at each end of its gap, and names the issue', () => {
    const svg = renderImportDefectsSvg(open, 'Imported part as found');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<path d="M2 0L4 0L4 -3L0 -3L0 0L1.95 0" fill="none"/>');
    expect(svg.match(/<circle [^>]*fill="none"\/>/g)).toEqual([
      expect.stringContaining('cx="2" cy="0"'),
      expect.stringContaining('cx="1.95" cy="0"'),
    ]);
    // The message is text, escaped.
    expect(svg).toMatch(/>Open contour: A contour is open: its ends \(1\.95, 0\) in and \(2, 0\) in &lt;drawing coordinates&gt;<\/text>\n<text [^>]*>are 0\.05 in apart\.<\/text>/);
    // The view takes in the open outline, not only the hole's square.
    expect(svg).toMatch(/viewBox="-0\.24 -3\.24 /);
    expect(svg.match(/<text /g)).toHaveLength(2);
  });

  it('fills an island in the warning colour and circles where contours cross', () => {
    const svg = renderImportDefectsSvg(
      {
        ...open,
        marks: [
          { code: 'dxf_island', closed: true, points_in: [[3, 3], [5, 3], [5, 5], [3, 5]] },
          { code: 'dxf_contours_cross', closed: false, points_in: [[1, 1]] },
        ],
      },
      'Imported part',
    );
    expect(svg).toContain('<path d="M3 -3L5 -3L5 -5L3 -5Z" fill="#fecaca" fill-opacity="0.8"/>');
    expect(svg).toMatch(/<circle cx="1" cy="-1" r="[\d.]+" fill="none"\/>/);
  });

  it('gives the same bytes for the same import', () => {
    expect(renderImportDefectsSvg(open, 'A')).toBe(renderImportDefectsSvg(open, 'A'));
  });
});
