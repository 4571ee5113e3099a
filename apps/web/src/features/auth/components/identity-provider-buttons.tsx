import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { MESSAGES, oidcErrorMessage, type IdentityProvider } from '@plotline/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProviderLogo } from '../../../components/provider-logo.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { openProviderWindow } from '../../../lib/provider-window.ts';
import { useProviderPopup } from '../../../lib/use-provider-popup.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useCompleteOidc } from '../api/complete-oidc.ts';
import { oidcStartPath } from '../model/oidc.ts';

interface IdentityProviderButtonsProps {
  providers: IdentityProvider[];
  /** The sign-in form's "Remember me". */
  remember?: boolean;
  /** An invitation link's token: the provider's sign-in accepts the invitation. */
  invite?: string | null;
  /** A failure to show in the screen's error banner (null clears it); a core message. */
  onError: (message: string | null) => void;
  /**
   * Asked on a click, before the popup opens (it must open in the click itself, so this answers
   * at once): false keeps the provider's sign-in from starting, e.g. while the terms are not accepted.
   */
  mayStart?: () => boolean;
}

/**
 * "Continue with …" for each configured provider, under the screen's own form. The provider's
 * sign-in runs in a popup that posts its result back; where popups are blocked the whole page goes.
 * Once signed in, the public route guard sends the user on, as after a password sign-in.
 */
export function IdentityProviderButtons({
  providers,
  remember = false,
  invite = null,
  onError,
  mayStart = () => true,
}: IdentityProviderButtonsProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const next = useAppStore((state) => state.next);
  const complete = useCompleteOidc();
  const { waiting, watch: watchPopup, cancel } = useProviderPopup();
  const [blocked, setBlocked] = useState(false);

  if (providers.length === 0) return null;

  const start = async (provider: IdentityProvider) => {
    onError(null);
    if (!mayStart()) return;
    const path = (mode: 'popup' | 'page') =>
      oidcStartPath(provider.kind, { mode, next, remember, invite });
    // Opened before anything is awaited: a browser allows a popup only in the click itself.
    const popup = openProviderWindow(path('popup'), path('page'), {
      purpose: 'sign-in',
      back: null,
    });
    if (!popup) {
      setBlocked(true);
      return;
    }
    const result = await watchPopup(popup, provider);
    if (!result) return;
    if ('error' in result) {
      onError(oidcErrorMessage(result.error, provider.name));
      return;
    }
    // A sign-in's popup answers a handoff; anything else is not this flow's.
    if (!('handoff' in result)) return;
    complete.mutate(result.handoff, { onError: (error) => onError(error.message) });
  };

  return (
    <Stack spacing={1.5}>
      <Divider>{t('signIn.or')}</Divider>
      {blocked && <Alert severity="info">{messageText(MESSAGES.oidcPopupBlocked)}</Alert>}
      {providers.map((provider) => {
        const isWaiting = waiting?.provider.kind === provider.kind;
        return (
          <Button
            key={provider.kind}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            startIcon={
              isWaiting ? (
                <CircularProgress size={20} color="inherit" aria-hidden />
              ) : (
                <ProviderLogo kind={provider.kind} />
              )
            }
            disabled={complete.isPending || (waiting !== null && !isWaiting)}
            // While its popup is open the button brings the popup back to the front.
            onClick={() => (isWaiting ? waiting.popup.focus() : void start(provider))}
            sx={{ borderColor: 'divider', textTransform: 'none' }}
          >
            {t(isWaiting ? 'signIn.waitingFor' : 'signIn.continueWith', {
              provider: provider.name,
            })}
          </Button>
        );
      })}
      {waiting && <Button onClick={cancel}>{t('signIn.cancelProvider')}</Button>}
    </Stack>
  );
}
