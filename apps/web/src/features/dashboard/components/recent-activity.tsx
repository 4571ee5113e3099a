import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ActivityRow } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/app-store.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago" in the app's language; "now" under a minute. */
function useRelativeTime(): (iso: string) => string {
  const language = useAppStore((state) => state.language);
  return useMemo(() => {
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    return (iso: string) => {
      const seconds = (Date.parse(iso) - Date.now()) / 1000;
      for (const [unit, size] of UNITS) {
        if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
      }
      return format.format(0, 'second');
    };
  }, [language]);
}

/** The latest changes: who, what, when (relative, the exact time on hover and for readers). */
export function RecentActivity({ rows }: { rows: readonly ActivityRow[] }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  const relative = useRelativeTime();
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('dashboard.noActivity')}</Typography>;
  }
  return (
    <List dense aria-label={t('dashboard.recentActivity')} disablePadding>
      {rows.map((row) => (
        <ListItem key={row.id} disableGutters divider>
          <ListItemText
            primary={row.summary}
            secondary={
              <>
                {row.actor_name ?? row.actor_email ?? t('dashboard.system')}
                {' · '}
                <time dateTime={row.created_at} title={dateTime(row.created_at)}>
                  {relative(row.created_at)}
                </time>
              </>
            }
            slotProps={{ primary: { dir: 'auto' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
