import { ARCHIVE_MESSAGES, formatMessage, MESSAGES } from '@plotline/core';
import i18next from 'i18next';
import { waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store.ts';
import { translateMessage } from './use-message-text.ts';

describe('translateMessage', () => {
  // A language's texts load when it is first chosen, and stay.
  beforeAll(async () => {
    useAppStore.getState().setLanguage('de');
    await waitFor(() => expect(i18next.hasResourceBundle('de', 'translation')).toBe(true));
  });
  const german = i18next.getFixedT('de');

  it('translates a message the server sent as is', () => {
    expect(translateMessage(MESSAGES.plotNotFound, german)).toBe('Plot nicht gefunden');
  });

  it('recognises a filled message by its template and keeps its values', () => {
    const filled = formatMessage(MESSAGES.plotBannerTime, { duration: 30 });

    expect(translateMessage(filled, german)).toBe(
      'Eine Banner-Komponente muss innerhalb ihres Clips oder ihrer Brücke beginnen (0 bis 30 Sekunden)',
    );
  });

  it('translates a value that is itself a message, such as the reason a file was refused', () => {
    const filled = formatMessage(MESSAGES.fileRefused, {
      file: 'intro.mp4',
      reason: MESSAGES.notAVideo,
    });

    expect(translateMessage(filled, german)).toBe(
      'intro.mp4: Diese Datei ist kein lesbares Video; sie ist möglicherweise beschädigt oder unvollständig.',
    );
  });

  it("translates a story archive's refusal, and a core message inside it", () => {
    const filled = formatMessage(ARCHIVE_MESSAGES.fileRefused, {
      path: 'media/item-2.mp4',
      reason: MESSAGES.notAVideo,
    });

    expect(translateMessage(ARCHIVE_MESSAGES.notZip, german)).toBe('Die Datei ist kein ZIP-Archiv');
    expect(translateMessage(filled, german)).toBe(
      'media/item-2.mp4 wird abgelehnt: Diese Datei ist kein lesbares Video; sie ist möglicherweise beschädigt oder unvollständig.',
    );
  });

  it('shows a text it does not know as the server wrote it', () => {
    expect(translateMessage('The moon is made of cheese', german)).toBe(
      'The moon is made of cheese',
    );
  });
});
