import { MAX_ITEM_ISSUES, compareParams, orderItemIssues } from './index';
import type { Issue } from './index';

const issue = (severity: Issue['severity'], param: string | null): Issue => ({ code: 'label_dropped', severity, message: '', param });

describe('compareParams', () => {
  it('orders the fields of an item as a request lists them, and indexes as numbers', () => {
    const params = ['items[0].label', 'items[0].holes[10]', 'items[0].bends[0]', 'items[0].outline', 'items[0].holes[2]', 'items[0].thickness_in', 'items[1].outline'];
    expect([...params].sort(compareParams)).toEqual([
      'items[0].thickness_in',
      'items[0].outline',
      'items[0].holes[2]',
      'items[0].holes[10]',
      'items[0].bends[0]',
      'items[0].label',
      'items[1].outline',
    ]);
  });

  it('puts a field before its own entries, unknown fields after known ones and null last', () => {
    expect(['holes[1]', 'zeta', 'holes', null, 'alpha'].sort(compareParams)).toEqual(['holes', 'holes[1]', 'alpha', 'zeta', null]);
  });
});

describe('orderItemIssues', () => {
  it('puts blocking issues first, then warnings, then information, each in request order', () => {
    const ordered = orderItemIssues([issue('info', 'items[0].quantity'), issue('warning', 'items[0].holes[1]'), issue('blocking', 'items[0].bends[0]'), issue('blocking', 'items[0].outline')]);
    expect(ordered.map((i) => `${i.severity} ${i.param}`)).toEqual(['blocking items[0].outline', 'blocking items[0].bends[0]', 'warning items[0].holes[1]', 'info items[0].quantity']);
  });

  it(`keeps at most ${MAX_ITEM_ISSUES}, dropping the least severe`, () => {
    const many = [...Array.from({ length: 30 }, (_, i) => issue('warning', `holes[${i}]`)), issue('blocking', 'outline')];
    const ordered = orderItemIssues(many);
    expect(ordered).toHaveLength(25);
    expect(ordered[0]!.severity).toBe('blocking');
    expect(ordered.at(-1)!.param).toBe('holes[23]');
  });
});
