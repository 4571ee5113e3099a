import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMmSs, parseMmSs } from './mm-ss.ts';

describe('mm:ss', () => {
  it.each([
    ['00:00', 0],
    ['01:05', 65],
    ['69:59', 4199],
  ])('reads %s as %i seconds and writes it back', (text, seconds) => {
    expect(parseMmSs(text)).toBe(seconds);
    expect(formatMmSs(seconds)).toBe(text);
  });

  it.each(['', '1:05', '01:5', '70:00', '01:60', '0105', 'aa:bb', ' 01:05'])(
    'refuses %j',
    (text) => {
      expect(parseMmSs(text)).toBeNull();
    },
  );

  it('writes whole seconds, clamped to what the mask shows', () => {
    expect(formatMmSs(65.9)).toBe('01:05');
    expect(formatMmSs(-3)).toBe('00:00');
    expect(formatMmSs(99_999)).toBe('69:59');
  });

  it('round-trips every time the mask allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 69 * 60 + 59 }), (seconds) => {
        expect(parseMmSs(formatMmSs(seconds))).toBe(seconds);
      }),
    );
  });
});
