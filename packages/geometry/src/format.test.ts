import { articleFor, formatFix, formatThickness } from './format';

describe('articleFor', () => {
  it.each([
    ['8', 'an'],
    ['8.5', 'an'],
    ['11', 'an'],
    ['11.25', 'an'],
    ['18', 'an'],
    ['80', 'an'],
    ['85.5', 'an'],
    ['800', 'an'],
    ['11,000', 'an'],
    ['18000', 'an'],
    ['1', 'a'],
    ['0.8', 'a'],
    ['0.5', 'a'],
    ['4', 'a'],
    ['110', 'a'],
    ['180', 'a'],
    ['1,800', 'a'],
    ['12', 'a'],
  ])('reads %s as %s', (figure, article) => {
    expect(articleFor(figure)).toBe(article);
  });
});

describe('formatFix', () => {
  it('rounds up to the 0.0001, so doing exactly what it says is enough', () => {
    expect(formatFix(0.061728)).toBe('0.0618');
    expect(formatFix(0.0625)).toBe('0.0625');
  });
});

describe('formatThickness', () => {
  it('writes 64ths as fractions and anything else in decimals', () => {
    expect(formatThickness(0.1875)).toBe('3/16 in');
    expect(formatThickness(1.5)).toBe('1 1/2 in');
    expect(formatThickness(0.1345)).toBe('0.1345 in');
  });
});
