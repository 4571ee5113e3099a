import type { LogicWords } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Core's words of conditions and effects (`formatCondition`, `formatEffect`) in the UI's language:
 * the storyline editor's own (`storyLogic.words`), so a condition reads the same in both.
 */
export function useLogicWords(): LogicWords {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      and: t('storyLogic.words.and'),
      or: t('storyLogic.words.or'),
      is: t('storyLogic.words.is'),
      yes: t('storyLogic.words.yes'),
      no: t('storyLogic.words.no'),
    }),
    [t],
  );
}
