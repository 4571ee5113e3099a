import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MESSAGES,
  oidcErrorMessage,
  oidcLinkRequestSchema,
  type IdentityProvider,
  type OidcLinkRequest,
  type SessionUser,
} from '@plotline/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ProviderLogo } from '../../../components/provider-logo.tsx';
import { openProviderWindow } from '../../../lib/provider-window.ts';
import { useProviderPopup } from '../../../lib/use-provider-popup.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useStartIdentityLink } from '../api/link-identity.ts';
import { refreshLinkedIdentities } from '../api/linked-identities.ts';

interface LinkIdentityDialogProps {
  open: boolean;
  user: SessionUser;
  providers: IdentityProvider[];
  onClose: () => void;
}

/**
 * Links a further provider to the signed-in user: they choose it and enter their password (the
 * server checks it first), then sign in at the provider in a popup (the whole page where popups
 * are blocked), whose result comes back here. An account without a password sets one first.
 */
export function LinkIdentityDialog({ open, user, providers, onClose }: LinkIdentityDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const start = useStartIdentityLink();
  const [error, setError] = useState<string | null>(null);
  const { waiting, watch: watchPopup, cancel } = useProviderPopup();
  const { control, handleSubmit, watch, reset } = useForm<OidcLinkRequest>({
    resolver: zodResolver(oidcLinkRequestSchema),
    defaultValues: { kind: providers[0]?.kind ?? 'google', password: '' },
  });
  const chosen = providers.find((provider) => provider.kind === watch('kind')) ?? providers[0];

  const close = () => {
    cancel();
    setError(null);
    start.reset();
    reset();
    onClose();
  };

  const watchResult = async (popup: Window, provider: IdentityProvider) => {
    const result = await watchPopup(popup, provider);
    if (!result) return;
    if ('error' in result) {
      setError(oidcErrorMessage(result.error, provider.name));
      return;
    }
    if (!('linked' in result)) return;
    await refreshLinkedIdentities(queryClient);
    enqueueSnackbar(t('profile.identityLinked', { provider: provider.name }), {
      variant: 'success',
    });
    close();
  };

  const onSubmit = handleSubmit((values) => {
    setError(null);
    const provider = providers.find((candidate) => candidate.kind === values.kind)!;
    start.mutate(values, {
      onSuccess: ({ location }) => {
        // Within the click's activation, which the password check takes a moment of.
        const popup = openProviderWindow(location, location, {
          purpose: 'link',
          back: `${window.location.pathname}${window.location.search}`,
        });
        if (popup) void watchResult(popup, provider);
      },
      onError: (failure) => setError(failure.message),
    });
  });

  return (
    <Dialog
      open={open}
      onClose={start.isPending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('profile.linkTitle')}</DialogTitle>
      {user.password ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogContent>
            <Stack spacing={2.5}>
              <DialogContentText>{t('profile.linkText')}</DialogContentText>
              {error && (
                <Alert
                  severity="error"
                  closeText={t('common.close')}
                  onClose={() => setError(null)}
                >
                  {messageText(error)}
                </Alert>
              )}
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <FormControl disabled={waiting !== null}>
                    <FormLabel id={`${titleId}-provider`}>{t('profile.linkProvider')}</FormLabel>
                    <RadioGroup {...field} aria-labelledby={`${titleId}-provider`}>
                      {providers.map((provider) => (
                        <FormControlLabel
                          key={provider.kind}
                          value={provider.kind}
                          control={<Radio />}
                          label={
                            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                              <ProviderLogo kind={provider.kind} />
                              <span>{provider.name}</span>
                            </Stack>
                          }
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <Controller
                control={control}
                name="password"
                render={({ field: { ref, ...field }, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    type="password"
                    label={t('profile.currentPassword')}
                    autoComplete="current-password"
                    disabled={waiting !== null}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message && messageText(fieldState.error.message)}
                  />
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={start.isPending}>
              {t('list.cancel')}
            </Button>
            {waiting ? (
              // While its popup is open the button brings the popup back to the front.
              <Button variant="contained" onClick={() => waiting.popup.focus()}>
                {t('signIn.waitingFor', { provider: waiting.provider.name })}
              </Button>
            ) : (
              <Button type="submit" variant="contained" loading={start.isPending}>
                {t('signIn.continueWith', { provider: chosen?.name ?? '' })}
              </Button>
            )}
          </DialogActions>
        </Box>
      ) : (
        <>
          <DialogContent>
            <Alert severity="info">{messageText(MESSAGES.linkNeedsPassword)}</Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={close} autoFocus>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
