import TextField from '@mui/material/TextField';
import { isCompanyProfile, type SessionUser } from '@plotline/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { nameLabelKey } from '../model/profile-form.ts';

interface ProfileNameFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  user: Pick<SessionUser, 'role' | 'company_type'>;
}

/** The profile's name: 'Company Name' for a company account's superadmin, else 'Full Name'. */
export function ProfileNameField<Values extends FieldValues>({
  control,
  name,
  user,
}: ProfileNameFieldProps<Values>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          label={t(nameLabelKey(user))}
          autoComplete={isCompanyProfile(user) ? 'organization' : 'name'}
          slotProps={{ htmlInput: { 'aria-required': true } }}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message && messageText(fieldState.error.message)}
        />
      )}
    />
  );
}
