import { describe, expect, it } from 'vitest';
import { formatCount, formatShortCount } from './counter-format.ts';

describe('formatCount', () => {
  it('groups thousands with dots and writes decimals after a comma', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.000');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(12345.6, 1)).toBe('12.345,6');
    expect(formatCount(-4321)).toBe('-4.321');
  });

  it('drops trailing zeros of the decimals and rounds to the decimals asked', () => {
    expect(formatCount(2.5, 2)).toBe('2,5');
    expect(formatCount(3, 1)).toBe('3');
    expect(formatCount(1.96, 1)).toBe('2');
  });
});

describe('formatShortCount', () => {
  it('keeps values up to 1.000 whole', () => {
    expect(formatShortCount(7)).toBe('7');
    expect(formatShortCount(1000)).toBe('1.000');
  });

  it('shortens above 1.000 to K and above 1.000.000 to M, with one decimal', () => {
    expect(formatShortCount(1001)).toBe('1K');
    expect(formatShortCount(1500)).toBe('1,5K');
    expect(formatShortCount(45_678)).toBe('45,7K');
    expect(formatShortCount(1_000_000)).toBe('1.000K');
    expect(formatShortCount(2_345_678)).toBe('2,3M');
    expect(formatShortCount(1_234_567_890)).toBe('1.234,6M');
  });
});
