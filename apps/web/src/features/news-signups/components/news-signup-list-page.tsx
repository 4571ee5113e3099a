import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NewsSignupRow } from '@plotline/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { LANGUAGE_NAMES } from '../../../lib/language-names.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { listQueryOf, useListState } from '../../../lib/use-list-state.ts';
import { useDownloadNewsSignups } from '../api/download-news-signups.ts';
import { useNewsSignups } from '../api/list-news-signups.ts';

/**
 * /app/news-signups: the addresses left on the coming-soon page, newest first, searchable and
 * sortable, with every address as a CSV file for a mailing tool.
 */
export function NewsSignupListPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const list = useListState();
  const signups = useNewsSignups(listQueryOf(list));
  const controls = useListController(list, signups);
  const download = useDownloadNewsSignups();
  useErrorToast(download.error);

  const columns = useMemo<Column<NewsSignupRow>[]>(
    () => [
      {
        id: 'email',
        label: t('newsSignups.email'),
        sortField: 'email',
        render: (signup) => (
          <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {signup.email}
          </Typography>
        ),
      },
      {
        id: 'language',
        label: t('newsSignups.language'),
        sortField: 'language',
        render: (signup) => <span lang={signup.language}>{LANGUAGE_NAMES[signup.language]}</span>,
      },
      {
        id: 'created',
        label: t('newsSignups.signedUp'),
        sortField: 'created_at',
        nowrap: true,
        render: (signup) => dates.dateTime(signup.created_at),
      },
    ],
    [t, dates],
  );

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <SearchField value={list.search} onSearch={list.setSearch} />
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={download.isPending}
          disabled={!list.filtered && controls.total === 0}
          onClick={() => download.mutate()}
        >
          {t('newsSignups.download')}
        </Button>
      </Stack>
      <DataTable
        label={t('newsSignups.tableLabel')}
        columns={columns}
        rowKey={(signup) => signup.id}
        {...controls}
        empty={<NoData hint={list.filtered ? t('list.noMatches') : t('newsSignups.emptyHint')} />}
      />
    </Stack>
  );
}
