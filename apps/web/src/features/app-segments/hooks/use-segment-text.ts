import {
  LANGUAGES,
  type Language,
  type SegmentCondition,
  type SegmentRow,
  type SegmentRules,
} from '@plotline/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../lib/language-names.ts';

export interface SegmentText {
  /** A preset by its translated name, a custom segment by the name it was given. */
  name: (segment: Pick<SegmentRow, 'name' | 'preset'>) => string;
  platform: (platform: string) => string;
  /** A studio language named in the studio's language ("Englisch" on a German page). */
  language: (language: string) => string;
  condition: (condition: SegmentCondition) => string;
  /** The whole rule as one sentence, its conditions joined by "and" or "or". */
  rules: (rules: SegmentRules) => string;
}

/** Segments, their conditions and their values as the studio shows them, in its language. */
export function useSegmentText(): SegmentText {
  const { t, i18n } = useTranslation();
  const languageNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language' });
    } catch {
      return null;
    }
  }, [i18n.language]);

  const platform = useCallback(
    (value: string) => t(`appSegments.platforms.${value}`, { defaultValue: value }),
    [t],
  );
  const language = useCallback(
    (value: string) =>
      languageNames?.of(value) ??
      (LANGUAGES.includes(value as Language) ? LANGUAGE_NAMES[value as Language] : value),
    [languageNames],
  );

  return useMemo(() => {
    const list = (values: string[], name: (value: string) => string) =>
      values.map(name).join(t('appSegments.listSeparator'));
    const valueText = (condition: SegmentCondition): string => {
      switch (condition.field) {
        case 'platform':
          return Array.isArray(condition.value)
            ? list(condition.value, platform)
            : platform(condition.value);
        case 'language':
          return Array.isArray(condition.value)
            ? list(condition.value, language)
            : language(condition.value);
        default:
          return condition.value.toLocaleString(i18n.language);
      }
    };
    const condition = (value: SegmentCondition) =>
      t(`appSegments.conditionText.${value.field}.${value.op}`, { value: valueText(value) });
    return {
      name: (segment) =>
        segment.preset
          ? t(`appSegments.presetNames.${segment.preset}`, { defaultValue: segment.name })
          : segment.name,
      platform,
      language,
      condition,
      rules: (rules) => {
        const sentence = rules.conditions
          .map(condition)
          .join(rules.match === 'all' ? t('appSegments.joinAll') : t('appSegments.joinAny'));
        return sentence.charAt(0).toLocaleUpperCase(i18n.language) + sentence.slice(1);
      },
    };
  }, [t, i18n.language, platform, language]);
}
