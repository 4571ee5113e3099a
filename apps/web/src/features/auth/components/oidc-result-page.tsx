import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES, OIDC_MESSAGE_TYPE, type OidcPopupMessage } from '@plotline/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCompleteOidc } from '../api/complete-oidc.ts';
import { landingPath } from '../model/landing-path.ts';
import { oidcErrorCodeOf, oidcErrorPath } from '../model/oidc.ts';

/** Whether this page runs in a popup opened by this studio (an opener of another origin is not asked). */
function studioOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}

/**
 * OIDC_RESULT_PATH, where a provider's sign-in ends (`?handoff=` or `?error=&provider=`). In the
 * popup it hands the result to the studio that opened it and closes; in a full page (popups were
 * blocked) it signs in itself and lands, or goes back to the sign-in screen with the error.
 */
export function OidcResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteOidc();
  const started = useRef(false);
  const labelId = useId();

  useEffect(() => {
    // Once: the handoff works a single time (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    const handoff = params.get('handoff');
    const kind = params.get('provider');
    const opener = studioOpener();
    if (opener) {
      const message: OidcPopupMessage = handoff
        ? { type: OIDC_MESSAGE_TYPE, handoff }
        : { type: OIDC_MESSAGE_TYPE, error: oidcErrorCodeOf(params.get('error')) };
      opener.postMessage(message, window.location.origin);
      window.close();
      return;
    }
    if (!handoff) {
      void navigate(oidcErrorPath(oidcErrorCodeOf(params.get('error')), kind), { replace: true });
      return;
    }
    complete.mutate(handoff, {
      onSuccess: (reply) => void navigate(landingPath(reply.next, reply), { replace: true }),
      onError: (error) => {
        const code = error.message === MESSAGES.invalidLink ? 'invalid_link' : 'failed';
        void navigate(oidcErrorPath(code, kind), { replace: true });
      },
    });
  }, [params, navigate, complete]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', gap: 2 }}>
      <CircularProgress aria-labelledby={labelId} sx={{ justifySelf: 'center' }} />
      <Typography id={labelId} component="h1" variant="body1" color="text.secondary">
        {t('signIn.finishingProvider')}
      </Typography>
    </Box>
  );
}
