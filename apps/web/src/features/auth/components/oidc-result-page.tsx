import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  identityProviderKindSchema,
  MESSAGES,
  OIDC_MESSAGE_TYPE,
  oidcErrorMessage,
  studioNextPage,
  studioPagePath,
  type OidcPopupMessage,
} from '@plotline/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { identityProvidersQueryOptions } from '../../../api/identity-providers.ts';
import { takeProviderFlow } from '../../../lib/provider-window.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
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

/** The result as the popup posts it: a handoff, a linked provider, or an error code. */
function resultOf(params: URLSearchParams): OidcPopupMessage {
  const handoff = params.get('handoff');
  if (handoff) return { type: OIDC_MESSAGE_TYPE, handoff };
  const linked = identityProviderKindSchema.safeParse(params.get('linked'));
  if (linked.success) return { type: OIDC_MESSAGE_TYPE, linked: linked.data };
  return { type: OIDC_MESSAGE_TYPE, error: oidcErrorCodeOf(params.get('error')) };
}

/**
 * OIDC_RESULT_PATH, where a provider's sign-in or link ends (`?handoff=`, `?linked=` or
 * `?error=&provider=`). In the popup it hands the result to the studio that opened it and closes
 * (the opener takes it only from the popup it opened). In a whole page (popups were blocked) it
 * acts only on a flow this tab started itself (`takeProviderFlow`): a sign-in exchanges the handoff
 * and lands, a link goes back to the page it came from and says how it went. A handoff this tab did
 * not ask for (a link made in another browser) signs no one in.
 */
export function OidcResultPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteOidc();
  const started = useRef(false);
  const labelId = useId();

  useEffect(() => {
    // Once: the handoff works a single time (StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;
    const result = resultOf(params);
    const kind = params.get('provider');
    const opener = studioOpener();
    if (opener) {
      opener.postMessage(result, window.location.origin);
      window.close();
      return;
    }
    const flow = takeProviderFlow();
    if (flow?.purpose === 'link') {
      const back = studioNextPage(flow.back);
      const providerKind = 'linked' in result ? result.linked : kind;
      void queryClient
        .fetchQuery(identityProvidersQueryOptions())
        .catch(() => [])
        .then((providers) => {
          const name = providers.find((provider) => provider.kind === providerKind)?.name ?? '';
          if ('linked' in result) {
            enqueueSnackbar(t('profile.identityLinked', { provider: name }), {
              variant: 'success',
            });
          } else if ('error' in result) {
            enqueueSnackbar(messageText(oidcErrorMessage(result.error, name)), {
              variant: 'error',
            });
          }
          void navigate(back ? studioPagePath(back) : '/app', { replace: true });
        });
      return;
    }
    if ('error' in result || 'linked' in result) {
      const code = 'error' in result ? result.error : 'failed';
      void navigate(oidcErrorPath(code, kind), { replace: true });
      return;
    }
    if (flow?.purpose !== 'sign-in') {
      void navigate(oidcErrorPath('other_browser', kind), { replace: true });
      return;
    }
    complete.mutate(result.handoff, {
      onSuccess: (reply) => void navigate(landingPath(reply.next, reply), { replace: true }),
      onError: (error) => {
        const code =
          error.message === MESSAGES.invalidLink
            ? 'invalid_link'
            : error.message === MESSAGES.oidcNotStartedHere
              ? 'other_browser'
              : 'failed';
        void navigate(oidcErrorPath(code, kind), { replace: true });
      },
    });
  }, [params, navigate, complete, queryClient, enqueueSnackbar, messageText, t]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', gap: 2 }}>
      <CircularProgress aria-labelledby={labelId} sx={{ justifySelf: 'center' }} />
      <Typography id={labelId} component="h1" variant="body1" color="text.secondary">
        {t('signIn.finishingProvider')}
      </Typography>
    </Box>
  );
}
