import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/fixtures.ts';
import { ProfileDrawer } from './lazy-profile-drawer.tsx';

function drawerWith(open: boolean) {
  return (
    <SnackbarProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ProfileDrawer open={open} onClose={() => undefined} />
      </QueryClientProvider>
    </SnackbarProvider>
  );
}

describe('ProfileDrawer loaded on demand', () => {
  it('loads the drawer when first opened, and closes it as the drawer does', async () => {
    signInAs({ name: 'Ayu Lestari' });
    const { rerender } = render(drawerWith(false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(drawerWith(true));
    expect(await screen.findByRole('dialog', { name: 'Profile' })).toHaveTextContent('Ayu Lestari');

    rerender(drawerWith(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
