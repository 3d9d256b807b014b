import { torontoToUtc, utcToTorontoLocal } from './toronto-time';

describe('Toronto wall time in the forms', () => {
  it.each([
    ['2026-12-01T09:30', '2026-12-01T14:30:00.000Z'],
    ['2026-07-01T09:30', '2026-07-01T13:30:00.000Z'],
    ['2026-11-01T01:30', '2026-11-01T05:30:00.000Z'],
    ['2027-01-01T00:00', '2027-01-01T05:00:00.000Z'],
  ])('%s in Toronto is %s', (local, utc) => {
    expect(torontoToUtc(local)?.toISOString()).toBe(utc);
    expect(utcToTorontoLocal(new Date(utc))).toBe(local);
  });

  it('reads a time the spring change skips an hour on, and refuses what is no date', () => {
    expect(torontoToUtc('2027-03-14T02:30')?.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    for (const text of ['', 'tomorrow', '2026-02-30T10:00', '2026-12-01T24:00', '2026-12-01 10:00']) expect(torontoToUtc(text)).toBeNull();
  });
});
