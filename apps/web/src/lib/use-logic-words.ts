import type { LogicWords } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The words of core's `formatCondition` and `formatEffect` in the reader's language, so a condition
 * reads the same in the storyline editor, its graph and "Play every path".
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
