import { describe, expect, it } from 'vitest';
import { csvCell } from './public-pages.ts';

describe('csvCell', () => {
  it('quotes every cell and doubles its quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('')).toBe('""');
  });

  it('keeps a cell that a spreadsheet could read as a formula as text', () => {
    for (const value of ['=1+2', '+1', '-1', '@SUM(A1)', '\t=1+2', '\r=1+2', '\tname']) {
      expect(csvCell(value), JSON.stringify(value)).toBe(`"'${value}"`);
    }
  });

  it('leaves alone a formula sign that does not lead', () => {
    expect(csvCell('a=1')).toBe('"a=1"');
    expect(csvCell('name\t')).toBe('"name\t"');
    expect(csvCell(' =1')).toBe('" =1"');
  });
});
