import { waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { ar } from './locales/ar.ts';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';

// test/setup.ts starts i18next (initI18n) once for every test, in English.
describe('languages loaded on demand', () => {
  it('starts with English only and loads a language the first time it is chosen', async () => {
    expect(i18next.language).toBe('en');
    expect(i18next.t('menu.dashboard')).toBe(en.menu.dashboard);

    useAppStore.getState().setLanguage('ar');
    await waitFor(() => expect(i18next.language).toBe('ar'));
    expect(i18next.hasResourceBundle('ar', 'translation')).toBe(true);
    expect(i18next.t('menu.dashboard')).toBe(ar.menu.dashboard);

    useAppStore.getState().setLanguage('en');
    await waitFor(() => expect(i18next.language).toBe('en'));
    expect(i18next.t('menu.dashboard')).toBe(en.menu.dashboard);
  });

  it('ends in the language chosen last when an earlier choice loads later', async () => {
    useAppStore.getState().setLanguage('de');
    await waitFor(() => expect(i18next.language).toBe('de'));
    useAppStore.getState().setLanguage('en');
    await waitFor(() => expect(i18next.language).toBe('en'));

    // Chinese has to be fetched, German is already in: German is in place first, then Chinese
    // arrives and must not take over.
    useAppStore.getState().setLanguage('zh');
    useAppStore.getState().setLanguage('de');
    await waitFor(() => expect(i18next.hasResourceBundle('zh', 'translation')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(i18next.language).toBe('de');
    expect(i18next.t('menu.dashboard')).toBe(de.menu.dashboard);
  });
});
