import { MESSAGES } from '@plotline/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KEY_OF_MESSAGE = new Map<string, string>(
  Object.entries(MESSAGES).map(([key, text]) => [text, key]),
);

/**
 * Shows a core message (a validation rule's or the server's) in the current language. Messages are
 * English on the wire; one the app does not know is shown as the server wrote it.
 */
export function useMessageText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = KEY_OF_MESSAGE.get(message);
      return key ? t(`messages.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}
