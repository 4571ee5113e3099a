import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { MessagePanel } from '../../../components/message-panel.tsx';

/** The body of an /app page that is not built yet; the shell around it shows its title. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderStyle: 'dashed' }}>
      <MessagePanel
        visual={<RocketLaunchOutlined />}
        title={t('comingSoon.title')}
        text={t('comingSoon.text')}
      />
    </Paper>
  );
}
