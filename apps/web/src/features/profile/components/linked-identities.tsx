import AddLink from '@mui/icons-material/AddLink';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { canUnlinkIdentity, MESSAGES, type LinkedIdentity, type SessionUser } from '@plotline/core';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentityProviders } from '../../../api/identity-providers.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ProviderLogo } from '../../../components/provider-logo.tsx';
import { useDateFormat } from '../../../lib/use-date-format.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useLinkedIdentities } from '../api/linked-identities.ts';
import { useUnlinkIdentity } from '../api/unlink-identity.ts';
import { LinkIdentityDialog } from './link-identity-dialog.tsx';

/**
 * The drawer's "Sign-in methods": the identity providers' accounts the user signs in with, each
 * removable unless it is the last way to sign in, and the link of a further one. Shown where
 * providers are configured, or to users who have linked one.
 */
export function LinkedIdentities({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const { date } = useDateFormat();
  const headingId = useId();
  const lastWayId = useId();
  const linked = user.identity_providers.length > 0;
  const providers = useIdentityProviders().data ?? [];
  const identities = useLinkedIdentities(linked);
  const unlink = useUnlinkIdentity();
  // The identity stays named while the dialog fades out; `confirming` opens and closes it.
  const [removing, setRemoving] = useState<LinkedIdentity | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [linking, setLinking] = useState(false);
  useErrorToast(identities.error);

  if (!linked && providers.length === 0) return null;
  const list = identities.data ?? [];
  const removable = canUnlinkIdentity({ hasPassword: user.password, identityCount: list.length });

  const remove = (identity: LinkedIdentity) =>
    unlink.mutate(identity, {
      onSuccess: () =>
        enqueueSnackbar(t('profile.identityRemoved', { provider: identity.provider_name }), {
          variant: 'success',
        }),
      onError: (error) => enqueueSnackbar(messageText(error.message), { variant: 'error' }),
      onSettled: () => setConfirming(false),
    });

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('profile.signInMethods')}
      </Typography>
      {linked && identities.isPending ? (
        <CircularProgress size={24} aria-labelledby={headingId} sx={{ mt: 1 }} />
      ) : (
        <List disablePadding>
          {list.map((identity) => (
            <ListItem key={identity.id} disableGutters divider sx={{ gap: 1, flexWrap: 'wrap' }}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <ProviderLogo kind={identity.kind} />
              </ListItemIcon>
              <ListItemText
                primary={identity.provider_name}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {identity.email}
                    </Box>
                    {t('profile.linkedOn', { date: date(identity.created_at) })}
                  </>
                }
                sx={{ flex: '1 1 10rem' }}
              />
              <Button
                size="small"
                color="error"
                disabled={!removable}
                aria-label={t('profile.removeIdentity', {
                  provider: identity.provider_name,
                  email: identity.email,
                })}
                aria-describedby={removable ? undefined : lastWayId}
                onClick={() => {
                  setRemoving(identity);
                  setConfirming(true);
                }}
              >
                {t('profile.remove')}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
      {linked && !identities.isPending && !removable && (
        <Typography id={lastWayId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {messageText(MESSAGES.lastSignInWay)}
        </Typography>
      )}
      {providers.length > 0 && (
        <>
          <Button
            size="small"
            startIcon={<AddLink />}
            onClick={() => setLinking(true)}
            sx={{ mt: 1 }}
          >
            {t('profile.linkButton')}
          </Button>
          <LinkIdentityDialog
            open={linking}
            user={user}
            providers={providers}
            onClose={() => setLinking(false)}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('profile.removeIdentityTitle')}
        message={t('profile.removeIdentityMessage', { provider: removing?.provider_name ?? '' })}
        detail={removing?.email}
        confirmLabel={t('profile.remove')}
        focus="cancel"
        busy={unlink.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => removing && remove(removing)}
      />
    </Box>
  );
}
