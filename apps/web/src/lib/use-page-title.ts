import { pageTitleFromPath } from '@plotline/core';
import { useTranslation } from 'react-i18next';

function capitalise(text: string): string {
  return text.replace(
    /(^|\s)(\S)/g,
    (_whole, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

/** The path's title by core's rule, translated when it is a known page, else as the rule gives it. */
export function usePageTitle(pathname: string): string {
  const { t } = useTranslation();
  const title = pageTitleFromPath(pathname);
  return title ? t(`pageTitles.${title}`, { defaultValue: capitalise(title) }) : '';
}
