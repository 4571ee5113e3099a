import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';
import { renderPage, stubApi } from '../../../test/render-page.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { ComingSoonPage } from './coming-soon-page.tsx';

describe('ComingSoonPage', () => {
  it("checks the address with core's rule before sending", async () => {
    const api = stubApi({});
    const { user } = renderPage(<ComingSoonPage />, '/coming-soon');

    await user.click(screen.getByRole('button', { name: 'Keep me posted' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal and keeps the form", async () => {
    stubApi({
      'POST /api/public/news-signup': () =>
        jsonResponse({ message: 'Too many requests. Please try again in 15 minutes.' }, 429),
    });
    const { user } = renderPage(<ComingSoonPage />, '/coming-soon');

    await user.type(screen.getByLabelText('Email'), 'ayu@example.com');
    await user.click(screen.getByRole('button', { name: 'Keep me posted' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many requests/);
    expect(screen.getByLabelText('Email')).toHaveValue('ayu@example.com');
  });

  it('links the terms in a new tab and sign-in', () => {
    stubApi({});
    renderPage(<ComingSoonPage />, '/coming-soon');
    const terms = screen.getByRole('link', { name: 'terms and conditions' });
    expect(terms).toHaveAttribute('href', '/terms-conditions');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('sends the address with the page language and thanks the visitor', async () => {
    useAppStore.getState().setLanguage('id');
    const api = stubApi({
      'POST /api/public/news-signup': () => jsonResponse({ data: { email: 'ayu@example.com' } }),
    });
    const { user } = renderPage(<ComingSoonPage />, '/coming-soon');

    // The Indonesian texts arrive in their own chunk.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Segera hadir' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Ayu@Example.com');
    await user.click(screen.getByRole('button', { name: 'Kabari saya' }));

    expect(await screen.findByText('Anda sudah terdaftar')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Kami akan menulis ke \u2068ayu@example.com\u2069 saat peluncuran.',
    );
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(api.to('POST', '/api/public/news-signup').map((call) => call.body)).toEqual([
      { email: 'Ayu@Example.com', language: 'id' },
    ]);
  });
});
