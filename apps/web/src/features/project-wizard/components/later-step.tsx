import ArrowBack from '@mui/icons-material/ArrowBack';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { MessagePanel } from '../../../components/message-panel.tsx';
import { flipInRtl } from '../../../lib/flip-in-rtl.ts';

/** Steps 3 and 4 are not built yet: the wizard says so plainly and offers the way back. */
export function LaterStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderStyle: 'dashed' }}>
      <MessagePanel
        visual={<AccountTreeOutlined />}
        title={t('projectWizard.wizard.laterTitle')}
        text={t('projectWizard.wizard.laterText')}
        action={
          <Button variant="outlined" startIcon={<ArrowBack sx={flipInRtl} />} onClick={onBack}>
            {t('projectWizard.wizard.back')}
          </Button>
        }
      />
    </Paper>
  );
}
