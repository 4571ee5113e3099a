import { useMemo } from 'react';
import { useAppStore } from './app-store.ts';

export interface DateFormat {
  /** A day, e.g. "3 Mar 2025". */
  date: (iso: string) => string;
  /** A day and a time to the minute. */
  dateTime: (iso: string) => string;
}

/** Dates and times of API rows (ISO strings) in the app's language. */
export function useDateFormat(): DateFormat {
  const language = useAppStore((state) => state.language);
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      date: (iso) => date.format(new Date(iso)),
      dateTime: (iso) => dateTime.format(new Date(iso)),
    };
  }, [language]);
}
