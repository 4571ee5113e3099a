import type { CompanyRow } from '@plotline/core';
import { useTranslation } from 'react-i18next';
import { StatusChangeDialog } from '../../../components/status-change-dialog.tsx';
import { useDisableCompany } from '../api/disable-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';

interface CompanyStatusDialogProps {
  company: CompanyRow;
  onClose: () => void;
}

/** Disables an active company, or enables a disabled one, once confirmed. */
export function CompanyStatusDialog({ company, onClose }: CompanyStatusDialogProps) {
  const { t } = useTranslation();
  const disable = useDisableCompany();
  const update = useUpdateCompany();
  const disabling = company.status === 'active';
  const name = company.name;

  return (
    <StatusChangeDialog
      disabling={disabling}
      title={t(disabling ? 'companies.disableTitle' : 'companies.enableTitle')}
      detail={t(disabling ? 'companies.disableDetail' : 'companies.enableDetail', { name })}
      successMessage={t(disabling ? 'companies.disabledToast' : 'companies.enabledToast', { name })}
      change={() =>
        disabling
          ? disable.mutateAsync(company.id)
          : update.mutateAsync({ id: company.id, changes: { status: 'active' } })
      }
      onClose={onClose}
    />
  );
}
