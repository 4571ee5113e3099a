import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { ar } from '../i18n/locales/ar.ts';
import { AppProviders } from './app-providers.tsx';

function Heading() {
  const { t } = useTranslation();
  return <h1>{t('menu.dashboard')}</h1>;
}

describe('AppProviders', () => {
  it("switches the page's language and direction with the chosen language's texts", async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Heading />
      </AppProviders>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Dashboard');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    useAppStore.getState().setLanguage('ar');
    expect(await screen.findByRole('heading', { name: ar.menu.dashboard })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});
