import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CLIENT_NAME_MAX_LENGTH } from '@plotline/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientList } from '../../api/client-list.ts';

interface ClientFieldProps {
  /** The client's name as typed or chosen; empty for none. */
  value: string;
  onChange: (name: string) => void;
  onBlur: () => void;
  /** The project, whose company's clients are offered; none before its first save (the caller's). */
  movieId: number | undefined;
  /** Whether the user may set the client (core `canSetProjectClient`); others only see it. */
  mayChoose: boolean;
  /** Published, or saving. */
  readOnly: boolean;
  disabled: boolean;
  error?: string;
}

/**
 * Spec §3 `client_id`: the client the project is made for, a free name. Administrators choose one
 * of the company's clients or type a new one; others see the project's client, if any, and cannot
 * change it.
 */
export function ClientField({
  value,
  onChange,
  onBlur,
  movieId,
  mayChoose,
  readOnly,
  disabled,
  error,
}: ClientFieldProps) {
  const { t } = useTranslation();
  const search = useDeferredValue(value);
  const editable = mayChoose && !readOnly;
  const clients = useClientList(search, movieId, editable);
  if (!mayChoose && value === '') return null;

  const label = t('projectWizard.stepOne.client');
  const helperText =
    error ??
    (mayChoose ? t('projectWizard.stepOne.clientHint') : t('projectWizard.stepOne.clientFixed'));
  if (!editable) {
    return (
      <TextField
        label={label}
        value={value}
        helperText={helperText}
        disabled={disabled}
        slotProps={{ htmlInput: { readOnly: true, dir: 'auto' } }}
      />
    );
  }
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={(clients.data ?? []).map((client) => client.name)}
      // What is typed is the client: a name no client has yet makes one when the project is saved.
      value={value || null}
      inputValue={value}
      onInputChange={(_event, text) => onChange(text)}
      onChange={(_event, name) => onChange(name ?? '')}
      onBlur={onBlur}
      filterOptions={(options) => options}
      loading={clients.isFetching}
      loadingText={t('app.loading')}
      disabled={disabled}
      handleHomeEndKeys
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('projectWizard.stepOne.clientNone')}
          error={error !== undefined}
          helperText={helperText}
          slotProps={{
            inputLabel: { ...params.InputLabelProps, shrink: true },
            htmlInput: {
              ...params.inputProps,
              maxLength: CLIENT_NAME_MAX_LENGTH,
              dir: params.inputProps.value ? 'auto' : undefined,
            },
          }}
        />
      )}
    />
  );
}
