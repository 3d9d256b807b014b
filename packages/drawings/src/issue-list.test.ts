// Issue order and folding: blocking first, at most three of a code, the third giving the total.
import { IssueList } from './issue-list';

describe('IssueList', () => {
  it('puts blocking issues first, then warnings, then info, each in the order found', () => {
    const list = new IssueList();
    list.add('dxf_gap_joined', 'warning', 'w1');
    list.add('dxf_island', 'blocking', 'b1');
    list.add('dxf_units_suspect', 'warning', 'w2');
    list.add('dxf_open_contour', 'blocking', 'b2');
    expect(list.list().map((i) => i.message)).toEqual(['b1', 'b2', 'w1', 'w2']);
  });

  it('keeps three of one code and folds the rest into the third, which gives the total', () => {
    const list = new IssueList();
    for (let k = 1; k <= 1200; k++) list.add('dxf_open_contour', 'blocking', `open ${k}`);
    expect(list.list().map((i) => i.message)).toEqual(['open 1', 'open 2', 'open 3 (and 1,197 more like it: 1,200 in all)']);
  });

  it('keeps at most three of each code: 21 for the seven codes, under the cap of 25', () => {
    const list = new IssueList();
    const codes = ['dxf_open_contour', 'dxf_gap_joined', 'dxf_island', 'dxf_contours_cross', 'dxf_spline_unreadable', 'dxf_unsupported_entity', 'dxf_units_suspect'] as const;
    for (const code of codes) for (let k = 0; k < 5; k++) list.add(code, 'warning', `${code} ${k}`);
    const issues = list.list();
    expect(issues).toHaveLength(21);
    expect(issues.filter((i) => i.code === 'dxf_island').map((i) => i.message)).toEqual(['dxf_island 0', 'dxf_island 1', 'dxf_island 2 (and 2 more like it: 5 in all)']);
  });
});
