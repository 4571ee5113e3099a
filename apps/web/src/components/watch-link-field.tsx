import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCopyLink } from '../lib/use-copy-link.ts';

interface WatchLinkFieldProps {
  label: string;
  /** The player's address; none while the project has no valid slug. */
  url: string | null;
  /** Says why there is no address yet, or what the address is for. */
  helperText: string;
  /** Offers to open the address: only a published project's plays for everyone. */
  canOpen?: boolean;
}

/**
 * The player's address, read-only (§2 step 4, the project detail page), with a copy button and,
 * once public, an open one.
 */
export function WatchLinkField({ label, url, helperText, canOpen = false }: WatchLinkFieldProps) {
  const { t } = useTranslation();
  const copyLink = useCopyLink();
  return (
    <TextField
      label={label}
      value={url ?? ''}
      placeholder="—"
      helperText={helperText}
      fullWidth
      slotProps={{
        inputLabel: { shrink: true },
        // An address reads left to right whatever the page's language.
        htmlInput: { readOnly: true, dir: 'ltr', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {canOpen && url && (
                <IconButton
                  href={url}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('common.openLink')}
                  title={t('common.openLink')}
                >
                  <OpenInNewRounded />
                </IconButton>
              )}
              <IconButton
                edge="end"
                disabled={!url}
                aria-label={t('common.copyLink')}
                title={t('common.copyLink')}
                onClick={() => url && void copyLink(url)}
              >
                <ContentCopyRounded />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
