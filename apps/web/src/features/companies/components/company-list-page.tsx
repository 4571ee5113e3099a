import Add from '@mui/icons-material/Add';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyRow } from '@plotline/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { listQueryOf, useListState } from '../../../lib/use-list-state.ts';
import { useCompanies } from '../api/list-companies.ts';
import { CompanyFormDialog } from './company-form-dialog.tsx';
import { CompanyStatusDialog } from './company-status-dialog.tsx';

type OpenDialog =
  { kind: 'new' } | { kind: 'edit'; company: CompanyRow } | { kind: 'status'; company: CompanyRow };

/** /app/company-list: every company, searchable and sortable, with create, edit and disable. */
export function CompanyListPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const list = useListState();
  const companies = useCompanies(listQueryOf(list));
  const controls = useListController(list, companies);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const columns = useMemo<Column<CompanyRow>[]>(
    () => [
      {
        id: 'name',
        label: t('companies.name'),
        sortField: 'name',
        render: (company) => (
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {company.name}
          </Typography>
        ),
      },
      {
        id: 'type',
        label: t('companies.type'),
        sortField: 'type',
        render: (company) => t(`list.companyTypes.${company.type}`),
      },
      {
        id: 'status',
        label: t('companies.status'),
        sortField: 'status',
        render: (company) => (
          <StatusChip status={company.status} label={t(`list.statuses.${company.status}`)} />
        ),
      },
      {
        id: 'users',
        label: t('companies.users'),
        sortField: 'user_count',
        align: 'right',
        render: (company) => company.user_count.toLocaleString(),
      },
      {
        id: 'created',
        label: t('companies.created'),
        sortField: 'created_at',
        nowrap: true,
        render: (company) => dates.date(company.created_at),
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
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'new' })}>
          {t('companies.newCompany')}
        </Button>
      </Stack>
      <DataTable
        label={t('companies.tableLabel')}
        columns={columns}
        rowKey={(company) => company.id}
        {...controls}
        actions={(company) => (
          <RowActionsMenu
            name={company.name}
            actions={[
              {
                label: t('companies.edit'),
                icon: <EditOutlined fontSize="small" />,
                onClick: () => setDialog({ kind: 'edit', company }),
              },
              company.status === 'active'
                ? {
                    label: t('companies.disable'),
                    icon: <BlockOutlined fontSize="small" />,
                    onClick: () => setDialog({ kind: 'status', company }),
                  }
                : {
                    label: t('companies.enable'),
                    icon: <CheckCircleOutline fontSize="small" />,
                    onClick: () => setDialog({ kind: 'status', company }),
                  },
            ]}
          />
        )}
        empty={<NoData hint={list.filtered ? t('list.noMatches') : t('companies.emptyHint')} />}
      />
      {dialog?.kind === 'new' && <CompanyFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <CompanyFormDialog company={dialog.company} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'status' && (
        <CompanyStatusDialog company={dialog.company} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
