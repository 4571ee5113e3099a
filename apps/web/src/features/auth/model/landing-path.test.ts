import { describe, expect, it } from 'vitest';
import { landingPath, nextFromLocation } from './landing-path.ts';

describe('landingPath after sign-in', () => {
  const complete = { password: true, name: 'Ayu', identity_providers: [] };

  it('goes to the page asked for before signing in, before any other step', () => {
    expect(
      landingPath('project-list/project-detail/5', {
        password: false,
        name: null,
        identity_providers: [],
      }),
    ).toBe('/app/project-list/project-detail/5');
  });

  it('asks an account without a password or a linked provider to set a password first', () => {
    expect(landingPath(null, { password: false, name: null, identity_providers: [] })).toBe(
      '/reset-password',
    );
  });

  it('does not ask for a password an account signing in with a provider has no use for', () => {
    const provided = { password: false, identity_providers: ['google' as const] };
    expect(landingPath(null, { ...provided, name: null })).toBe('/create-profile');
    expect(landingPath(null, { ...provided, name: 'Ayu' })).toBe('/app');
  });

  it('asks an account without a name to create its profile', () => {
    expect(landingPath(null, { password: true, name: null, identity_providers: [] })).toBe(
      '/create-profile',
    );
    expect(landingPath(null, { password: true, name: '  ', identity_providers: [] })).toBe(
      '/create-profile',
    );
  });

  it('opens the dashboard otherwise', () => {
    expect(landingPath(null, complete)).toBe('/app');
  });
});

describe('nextFromLocation', () => {
  it('drops the /app/ prefix and keeps the query', () => {
    expect(nextFromLocation('/app/segment/custom', '?page=2')).toBe('segment/custom?page=2');
  });

  it('remembers nothing for the dashboard itself or a path outside /app', () => {
    expect(nextFromLocation('/app')).toBeNull();
    expect(nextFromLocation('/app/')).toBeNull();
    expect(nextFromLocation('/application')).toBeNull();
  });
});
