import { MESSAGES, formatMessage, type CompanyRow } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useDisableCompany } from '../api/disable-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';

interface CompanyStatusDialogProps {
  company: CompanyRow;
  onClose: () => void;
}

/** Asks 'Are you sure to do this?' before disabling an active company or enabling a disabled one. */
export function CompanyStatusDialog({ company, onClose }: CompanyStatusDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const disable = useDisableCompany();
  const update = useUpdateCompany();
  const disabling = company.status === 'active';
  const name = company.name;

  const onConfirm = () => {
    const onSuccess = () => {
      enqueueSnackbar(
        t(disabling ? 'companies.disabledToast' : 'companies.enabledToast', { name }),
        { variant: 'success' },
      );
      onClose();
    };
    const onError = (error: Error) => {
      const text = messageText(error.message);
      enqueueSnackbar(
        disabling ? formatMessage(messageText(MESSAGES.deleteError), { message: text }) : text,
        { variant: 'error' },
      );
    };
    if (disabling) disable.mutate(company.id, { onSuccess, onError });
    else update.mutate({ id: company.id, changes: { status: 'active' } }, { onSuccess, onError });
  };

  return (
    <ConfirmDialog
      open
      title={t(disabling ? 'companies.disableTitle' : 'companies.enableTitle')}
      message={messageText(MESSAGES.confirmAction)}
      detail={t(disabling ? 'companies.disableDetail' : 'companies.enableDetail', { name })}
      busy={disable.isPending || update.isPending}
      onCancel={onClose}
      onConfirm={onConfirm}
    />
  );
}
