import Alert from '@mui/material/Alert';
import { MESSAGES } from '@plotline/core';
import { useMessageText } from '../../../../lib/use-message-text.ts';

/** Says why a published project's step offers no changes (§4: publishing is final). */
export function PublishedAlert() {
  const messageText = useMessageText();
  return <Alert severity="info">{messageText(MESSAGES.projectPublished)}</Alert>;
}
