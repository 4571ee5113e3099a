import { describe, expect, it } from 'vitest';
import { pageTitleFromPath } from './page-title.ts';

describe('pageTitleFromPath', () => {
  it.each([
    ['/app/project-list', 'project list'],
    ['/app/company-list/', 'company list'],
    ['/app/project-list/project-detail/42', 'project detail'],
    ['/app/project-list/series/7', 'series'],
    ['/app/segment/custom/add', 'add'],
    ['/app/internal-users-list', 'internal users list'],
    ['/app/dashboard', 'dashboard'],
  ])('%s → %s', (path, title) => {
    expect(pageTitleFromPath(path)).toBe(title);
  });

  it.each(['/app', '/app/', '/app/crm-dashboard', '/app/crypto-dashboard'])(
    'hides the title on %s',
    (path) => {
      expect(pageTitleFromPath(path)).toBe('');
    },
  );
});
