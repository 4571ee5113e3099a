import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { can, type SessionUser, type UserRow, type UserScope } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { RowActionsMenu, type RowAction } from '../../../components/row-actions-menu.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { listQueryOf, useListState } from '../../../lib/use-list-state.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useCompanyOptions } from '../api/company-options.ts';
import { useUsers } from '../api/list-users.ts';
import { useResendInvite } from '../api/resend-invite.ts';
import { belongsToNoCompany, canManage, rolesGrantableBy } from '../model/user-scope.ts';
import { ChangeRoleDialog } from './change-role-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { UserStatusDialog } from './user-status-dialog.tsx';

/** /app/users-list: the users of the caller's company (of every company for the root user). */
export function UsersListPage() {
  return <UsersPage scope="company" />;
}

/** /app/internal-users-list: Plotline's own staff. */
export function InternalUsersListPage() {
  return <UsersPage scope="staff" />;
}

type OpenDialog =
  { kind: 'invite' } | { kind: 'role'; user: UserRow } | { kind: 'status'; user: UserRow };

const FILTERS = ['companyId'] as const;

function UsersPage({ scope }: { scope: UserScope }) {
  const me = useAppStore((state) => state.user);
  // The route guard lets only signed-in users in; the check narrows the type.
  return me ? <UsersScreen key={scope} scope={scope} me={me} /> : null;
}

function UsersScreen({ scope, me }: { scope: UserScope; me: SessionUser }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const dates = useDateFormat();
  const list = useListState({ filters: FILTERS });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const acrossCompanies = scope === 'company' && belongsToNoCompany(me);
  const mayListCompanies = can(
    { role: me.role, companyType: me.company_type },
    'canSeeCompanyList',
  );
  const companyOptions = useCompanyOptions(acrossCompanies && mayListCompanies);
  const companyId = list.filters.companyId;
  const users = useUsers(scope, {
    ...listQueryOf(list),
    companyId: acrossCompanies && companyId ? Number(companyId) : undefined,
  });
  const controls = useListController(list, users);
  const resend = useResendInvite(scope);
  const roles = useMemo(() => rolesGrantableBy(me, scope), [me, scope]);

  const columns = useMemo<Column<UserRow>[]>(() => {
    const all: (Column<UserRow> | false)[] = [
      {
        id: 'name',
        label: t('users.name'),
        sortField: 'name',
        render: (user) =>
          user.name ? (
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {user.name}
              {user.id === me.id && (
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  {` (${t('users.you')})`}
                </Box>
              )}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {t('users.noName')}
            </Typography>
          ),
      },
      { id: 'email', label: t('users.email'), sortField: 'email', render: (user) => user.email },
      acrossCompanies && {
        id: 'company',
        label: t('users.company'),
        render: (user) => user.company_name ?? '—',
      },
      {
        id: 'role',
        label: t('users.role'),
        sortField: 'role',
        nowrap: true,
        render: (user) => t(`roles.${user.role}`),
      },
      {
        id: 'status',
        label: t('users.status'),
        sortField: 'status',
        render: (user) => (
          <StatusChip status={user.status} label={t(`list.statuses.${user.status}`)} />
        ),
      },
      {
        id: 'lastSignIn',
        label: t('users.lastSignIn'),
        sortField: 'last_login_at',
        nowrap: true,
        render: (user) =>
          user.last_login_at ? dates.dateTime(user.last_login_at) : t('users.never'),
      },
    ];
    return all.filter((column) => column !== false);
  }, [t, dates, me.id, acrossCompanies]);

  const actionsOf = (user: UserRow): RowAction[] => {
    if (!canManage(me, user, scope)) return [];
    const actions: RowAction[] = [
      {
        label: t('users.changeRole'),
        icon: <BadgeOutlined fontSize="small" />,
        onClick: () => setDialog({ kind: 'role', user }),
      },
    ];
    if (user.status === 'invited') {
      actions.push({
        label: t('users.resendInvite'),
        icon: <ForwardToInboxOutlined fontSize="small" />,
        onClick: () =>
          resend.mutate(user.id, {
            onSuccess: () =>
              enqueueSnackbar(t('users.resentToast', { email: user.email }), {
                variant: 'success',
              }),
            onError: (error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
          }),
      });
    }
    actions.push(
      user.status === 'disabled'
        ? {
            label: t('users.enable'),
            icon: <CheckCircleOutline fontSize="small" />,
            onClick: () => setDialog({ kind: 'status', user }),
          }
        : {
            label: t('users.disable'),
            icon: <BlockOutlined fontSize="small" />,
            onClick: () => setDialog({ kind: 'status', user }),
          },
    );
    return actions;
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <SearchField value={list.search} onSearch={list.setSearch} />
        {companyOptions.data && (
          <TextField
            select
            size="small"
            label={t('users.companyFilter')}
            value={companyId ?? ''}
            onChange={(event) => list.setFilter('companyId', event.target.value)}
            sx={{ width: { xs: '100%', sm: 220 } }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('users.allCompanies')}</MenuItem>
            {companyOptions.data.map((company) => (
              <MenuItem key={company.id} value={String(company.id)}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {roles.length > 0 && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => setDialog({ kind: 'invite' })}
            // A root caller picks the company to invite into, so waits for the options.
            disabled={acrossCompanies && !companyOptions.data}
            sx={{ marginInlineStart: { sm: 'auto' } }}
          >
            {t('users.invite')}
          </Button>
        )}
      </Stack>
      <DataTable
        label={t(scope === 'company' ? 'users.tableLabel' : 'users.staffTableLabel')}
        columns={columns}
        rowKey={(user) => user.id}
        {...controls}
        actions={(user) => (
          <RowActionsMenu name={user.name ?? user.email} actions={actionsOf(user)} />
        )}
        empty={<NoData hint={list.filtered ? t('list.noMatches') : t('users.emptyHint')} />}
      />
      {dialog?.kind === 'invite' && (
        <InviteUserDialog
          scope={scope}
          roles={roles}
          companies={acrossCompanies ? (companyOptions.data ?? []) : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog
          scope={scope}
          user={dialog.user}
          roles={roles}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'status' && (
        <UserStatusDialog scope={scope} user={dialog.user} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
