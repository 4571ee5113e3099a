import { describe, expect, it } from 'vitest';
import { projectPath, routeOf, seriesPath } from './routes.ts';

describe('the app’s routes', () => {
  it('reads the feed, a series and a project from the address', () => {
    expect(routeOf('/m')).toEqual({ kind: 'feed' });
    expect(routeOf('/m/')).toEqual({ kind: 'feed' });
    expect(routeOf('/m/series/12')).toEqual({ kind: 'series', seriesId: 12 });
    expect(routeOf('/m/p/the%20fork')).toEqual({ kind: 'project', slug: 'the fork' });
    expect(routeOf(projectPath('a/b'))).toEqual({ kind: 'project', slug: 'a/b' });
    expect(routeOf(seriesPath(3))).toEqual({ kind: 'series', seriesId: 3 });
  });

  it('finds nothing elsewhere', () => {
    for (const pathname of [
      '/mobile',
      '/m/series/0',
      '/m/series/x',
      '/m/p',
      '/m/p/%E0%A4%A',
      '/m/x',
    ])
      expect(routeOf(pathname), pathname).toEqual({ kind: 'not-found' });
  });
});
