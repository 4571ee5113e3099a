import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { formatCount, STORY_CHECK_STATES_MAX } from '@plotline/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface PathsConfirmationProps {
  /** Whether the creator confirmed the paths of the storyline as it is now. */
  confirmed: boolean;
  busy: boolean;
  onConfirm: () => void;
}

/**
 * Why Publish waits on a story the check could not visit whole (core `storyCheckIncomplete`), and
 * the creator's word that they played its paths, which the server stores for the storyline's
 * version: once given it stays ticked until the storyline changes.
 */
export function PathsConfirmation({ confirmed, busy, onConfirm }: PathsConfirmationProps) {
  const { t } = useTranslation();
  const helpId = useId();
  return (
    <Alert severity={confirmed ? 'success' : 'warning'}>
      <AlertTitle>{t('projectWizard.stepFour.paths.title')}</AlertTitle>
      <Typography variant="body2">
        {t('projectWizard.stepFour.paths.text', {
          states: formatCount(STORY_CHECK_STATES_MAX),
        })}
      </Typography>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={confirmed}
            disabled={confirmed || busy}
            onChange={(event) => {
              if (event.target.checked) onConfirm();
            }}
            slotProps={{ input: { 'aria-describedby': confirmed ? helpId : undefined } }}
          />
        }
        label={t('projectWizard.stepFour.paths.confirm')}
      />
      {confirmed && (
        <FormHelperText id={helpId} sx={{ mt: 0 }}>
          {t('projectWizard.stepFour.paths.confirmed')}
        </FormHelperText>
      )}
    </Alert>
  );
}
