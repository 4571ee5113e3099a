import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COMPANY_TYPES,
  MESSAGES,
  createCompanySchema,
  type CompanyRow,
  type CreateCompany,
} from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { z } from 'zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';

/**
 * Editing changes only the name and the type: the first admin is chosen once, at creation, so the
 * edit form keeps the same fields but does not check the (unused) address.
 */
const editCompanySchema = createCompanySchema.extend({ adminEmail: z.string() });

interface CompanyFormDialogProps {
  /** The company to edit; none to create a new one. */
  company?: CompanyRow;
  onClose: () => void;
}

export function CompanyFormDialog({ company, onClose }: CompanyFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {company ? t('companies.editTitle') : t('companies.newTitle')}
      </DialogTitle>
      {company ? (
        <EditCompanyForm company={company} onClose={onClose} />
      ) : (
        <NewCompanyForm onClose={onClose} />
      )}
    </Dialog>
  );
}

function NewCompanyForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateCompany();
  const { control, handleSubmit, setError } = useForm<CreateCompany>({
    resolver: zodResolver(createCompanySchema),
    defaultValues: { name: '', type: 'company', adminEmail: '' },
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (company) => {
        enqueueSnackbar(t('companies.createdToast', { name: company.name }), {
          variant: 'success',
        });
        onClose();
      },
      onError: (error) => {
        // An address already in use belongs to the field that holds it.
        if (error instanceof ApiError && error.status === 409) {
          setError('adminEmail', { message: error.message });
        } else {
          enqueueSnackbar(messageText(error.message), { variant: 'error' });
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <NameAndTypeFields control={control} />
          <Controller
            control={control}
            name="adminEmail"
            render={({ field: { ref, ...field }, fieldState: { error } }) => (
              <TextField
                {...field}
                inputRef={ref}
                type="email"
                label={t('companies.adminEmail')}
                autoComplete="off"
                error={error !== undefined}
                helperText={
                  error?.message ? messageText(error.message) : t('companies.adminEmailHint')
                }
              />
            )}
          />
        </Stack>
      </DialogContent>
      <FormActions busy={create.isPending} onClose={onClose} submitLabel={t('companies.create')} />
    </form>
  );
}

function EditCompanyForm({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateCompany();
  const { control, handleSubmit } = useForm<CreateCompany>({
    resolver: zodResolver(editCompanySchema),
    defaultValues: { name: company.name, type: company.type, adminEmail: '' },
  });

  const onSubmit = handleSubmit(({ name, type }) =>
    update.mutate(
      { id: company.id, changes: { name, type } },
      {
        onSuccess: () => {
          enqueueSnackbar(messageText(MESSAGES.changeSaved), { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <NameAndTypeFields control={control} />
        </Stack>
      </DialogContent>
      <FormActions busy={update.isPending} onClose={onClose} submitLabel={t('list.save')} />
    </form>
  );
}

function NameAndTypeFields({ control }: { control: Control<CreateCompany> }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <>
      <Controller
        control={control}
        name="name"
        render={({ field: { ref, ...field }, fieldState: { error } }) => (
          <TextField
            {...field}
            inputRef={ref}
            label={t('companies.name')}
            autoFocus
            autoComplete="organization"
            error={error !== undefined}
            helperText={error?.message && messageText(error.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="type"
        render={({ field: { ref, ...field }, fieldState: { error } }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label={t('companies.type')}
            error={error !== undefined}
            helperText={error?.message && messageText(error.message)}
          >
            {COMPANY_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`list.companyTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}

interface FormActionsProps {
  busy: boolean;
  submitLabel: string;
  onClose: () => void;
}

function FormActions({ busy, submitLabel, onClose }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onClose} disabled={busy}>
        {t('list.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
