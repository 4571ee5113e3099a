import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/app-store.ts';
import { jsonResponse, makeUser, signInAs } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { GuideButton } from './guide-button.tsx';
import { WelcomeGuide } from './welcome-guide.tsx';

function Shell() {
  return (
    <>
      <GuideButton />
      <WelcomeGuide />
    </>
  );
}

function stub() {
  return stubApi({
    'PUT /api/user/guide': () => jsonResponse({ data: makeUser({ guide_done: true }) }),
  });
}

describe('WelcomeGuide', () => {
  it("opens on a user's first visit and walks through five steps", async () => {
    signInAs({ guide_done: false });
    const api = stub();
    const { user } = renderPage(<Shell />);
    const dialog = await screen.findByRole('dialog', { name: /Welcome to Plotline/ });
    expect(dialog).toHaveTextContent('1 / 5');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    for (let step = 2; step <= 5; step += 1) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('dialog')).toHaveTextContent(`${step} / 5`);
    }
    expect(screen.getByRole('dialog')).toHaveTextContent('Figures and help');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('PUT', '/api/user/guide')).toHaveLength(1);
  });

  it('does not open for a user who has done it', async () => {
    signInAs({ guide_done: true });
    stub();
    renderPage(<Shell />);
    expect(
      await screen.findByRole('button', { name: 'Open the welcome guide' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Skip marks it done on the server and in the session, so it stays closed', async () => {
    signInAs({ guide_done: false });
    const api = stub();
    const { user } = renderPage(<Shell />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('PUT', '/api/user/guide')).toHaveLength(1);
    expect(useAppStore.getState().user?.guide_done).toBe(true);
    // A change elsewhere in the session re-renders the shell; the guide stays closed.
    useAppStore.getState().setLanguage('de');
    useAppStore.getState().setLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reopens from the header button, at the first step, without asking the server again', async () => {
    signInAs({ guide_done: true });
    const api = stub();
    const { user } = renderPage(<Shell />);
    await user.click(await screen.findByRole('button', { name: 'Open the welcome guide' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('1 / 5');
    await user.click(screen.getByRole('button', { name: 'Close the guide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('PUT', '/api/user/guide')).toHaveLength(0);
  });
});
