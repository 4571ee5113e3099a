import { describe, expect, it } from 'vitest';
import { studioNextPage, studioPagePath } from './next-page.ts';

describe('the page to land on after signing in', () => {
  it.each([
    ['project-list', 'project-list'],
    ['project-list?page=2', 'project-list?page=2'],
    ['/app/project-list', 'project-list'],
    ['/app/project-list/series/3?layout=grid#top', 'project-list/series/3?layout=grid#top'],
    ['project-create/12?step=2', 'project-create/12?step=2'],
  ])('keeps %s as %s', (given, kept) => {
    expect(studioNextPage(given)).toBe(kept);
    expect(studioPagePath(kept)).toBe(`/app/${kept}`);
  });

  it.each([
    null,
    undefined,
    '',
    '/app',
    '/app/',
    '/app?page=2',
    '/application/x',
    '/login',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'x\\..\\..\\login',
    '../login',
    'project-list/../../login',
    './x',
    'javascript:alert(1)',
    'project list',
    'x\ny',
    `${'x'.repeat(2001)}`,
  ])('drops %j', (given) => {
    expect(studioNextPage(given)).toBeNull();
  });
});
