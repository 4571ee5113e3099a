import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { cleanTags } from '../../model/project-info-values.ts';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  disabled: boolean;
  error?: string;
}

/**
 * Free tags, a creatable select: Enter (or leaving the field) adds the typed tag; an empty or a
 * repeated one is not added (spec §5).
 */
export function TagsField({ value, onChange, onBlur, disabled, error }: TagsFieldProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      onChange={(_event, tags) => onChange(cleanTags(tags))}
      onBlur={onBlur}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('projectWizard.stepOne.tags')}
          error={error !== undefined}
          helperText={error ?? t('projectWizard.stepOne.tagsHint')}
        />
      )}
    />
  );
}
