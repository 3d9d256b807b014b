import { describeLabelProblem, screenLabel } from './labels';

describe('screenLabel', () => {
  it.each(['Bracket A', 'Base plate #2 (left)', "O'Neil 3/8\" gusset", 'Étagère, rev. 2', 'part_7-b.1', ''])('keeps %j', (label) => {
    expect(screenLabel(label)).toEqual({ label, problem: null });
  });

  it('passes no label through as none, with no problem', () => {
    expect(screenLabel(null)).toEqual({ label: null, problem: null });
  });

  it.each(['Bracket <b>', 'Plate: A', 'Tab & slot', 'Rack; rev 2', 'a+b', 'Line\nbreak', 'Tab\tA', '50%', 'x@y', 'emoji 🙂'])(
    'leaves off %j for a character outside the set',
    (label) => {
      expect(screenLabel(label)).toEqual({ label: null, problem: 'characters' });
    },
  );

  it('leaves off labels that read as a web address, an e-mail address or a phone number', () => {
    expect(screenLabel('www.example.com')).toEqual({ label: null, problem: 'url' });
    expect(screenLabel('See steelshop.ca')).toEqual({ label: null, problem: 'url' });
    expect(screenLabel('jane at example dot com')).toEqual({ label: null, problem: 'email' });
    expect(screenLabel('416-555-0199')).toEqual({ label: null, problem: 'phone' });
    expect(screenLabel('(905) 555 0123 Bob')).toEqual({ label: null, problem: 'phone' });
  });

  it('leaves off a label longer than 60 characters', () => {
    expect(screenLabel('x'.repeat(60)).label).toBe('x'.repeat(60));
    expect(screenLabel('x'.repeat(61))).toEqual({ label: null, problem: 'characters' });
  });

  it('explains each problem with what to send instead', () => {
    expect(describeLabelProblem('characters')).toMatch(/letters, digits, spaces and - _ # \. , \( \) \/ ' "/);
    expect(describeLabelProblem('phone')).toMatch(/phone number.*Bracket A/);
  });
});
