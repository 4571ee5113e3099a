import { describe, expect, it } from 'vitest';
import { suggestEntries } from './menu-search.ts';

const entries = [
  'Dashboard',
  'Company List',
  'Users List',
  'Internal Users List',
  'Project List',
  'Project Add',
  'Promoted Contents',
  'Segment Management',
  'List',
].map((name) => ({ name, link: `/app/${name}` }));

describe('suggestEntries', () => {
  it('gives none for empty or blank input', () => {
    expect(suggestEntries(entries, '')).toEqual([]);
    expect(suggestEntries(entries, '   ')).toEqual([]);
  });

  it('matches names containing the text, case-insensitive and trimmed', () => {
    expect(suggestEntries(entries, '  PROJ ').map((e) => e.name)).toEqual([
      'Project List',
      'Project Add',
    ]);
  });

  it('gives at most five, in menu order', () => {
    expect(suggestEntries(entries, 'list').map((e) => e.name)).toEqual([
      'Company List',
      'Users List',
      'Internal Users List',
      'Project List',
      'List',
    ]);
    expect(suggestEntries(entries, 't')).toHaveLength(5);
  });

  it('gives none when nothing matches', () => {
    expect(suggestEntries(entries, 'zebra')).toEqual([]);
  });
});
