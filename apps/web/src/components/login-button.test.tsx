import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../test/fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LoginButton } from './login-button.tsx';

/** A public page in the auth layout at `path`, and the sign-in screen at /login. */
function openPublicPage(path: string) {
  return renderRoutes(
    [
      {
        path: '/login',
        element: (
          <AuthLayout title="Sign in">
            <p>Sign-in form</p>
          </AuthLayout>
        ),
      },
      {
        path: '*',
        element: (
          <AuthLayout title="A public page">
            <p>Its text</p>
          </AuthLayout>
        ),
      },
    ],
    path,
  );
}

const loginLink = () => screen.queryByRole('link', { name: 'Login' });

describe('LoginButton: the signed-out header (spec §2 Shell)', () => {
  it('offers a signed-out visitor of a public page a Login link to the sign-in screen', async () => {
    const router = openPublicPage('/register');

    const link = loginLink();
    expect(link).toHaveAttribute('href', '/login');
    await userEvent.setup().click(link!);

    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // Not on the sign-in screen itself.
    expect(loginLink()).not.toBeInTheDocument();
  });

  it.each(['/', '/login', '/login/'])('is not shown on the sign-in screen at %s', (path) => {
    renderRoutes([{ path: '*', element: <LoginButton /> }], path);
    expect(loginLink()).not.toBeInTheDocument();
  });

  it('is not shown to someone signed in (their header has the profile menu)', () => {
    signInAs();
    openPublicPage('/renew-password');
    expect(screen.getByRole('heading', { name: 'A public page' })).toBeInTheDocument();
    expect(loginLink()).not.toBeInTheDocument();
  });
});
