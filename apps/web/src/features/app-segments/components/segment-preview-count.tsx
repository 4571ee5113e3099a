import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { segmentRulesSchema, type SegmentRules } from '@plotline/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import { useSegmentPreview } from '../api/preview-segment.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import type { SegmentFormValues } from '../model/conditions.ts';

/** How long the rules must stay still before they are counted: one count per pause in typing. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The viewers the rules being edited hold now, counted by the server once the rules stop changing
 * and are complete. The count is a live region, so a screen reader hears it move.
 */
export function SegmentPreviewCount({ rules }: { rules: SegmentFormValues['rules'] }) {
  const { t, i18n } = useTranslation();
  const messageText = useMessageText();
  const titleId = useId();
  const settled = useDebouncedValue(rules, PREVIEW_DEBOUNCE_MS);
  const valid = useMemo<SegmentRules | null>(() => {
    const parsed = segmentRulesSchema.safeParse(settled);
    return parsed.success ? parsed.data : null;
  }, [settled]);
  const preview = useSegmentPreview(valid);
  const count = valid ? preview.data?.viewers : undefined;

  let status: string;
  if (!valid) status = t('appSegments.builder.previewIncomplete');
  else if (preview.error) status = messageText(preview.error.message);
  else if (count === undefined) status = t('appSegments.builder.previewCounting');
  else
    status = t('appSegments.builder.previewCount', { count: count.toLocaleString(i18n.language) });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2.5, position: 'relative', overflow: 'hidden' }}
    >
      {preview.isFetching && (
        <LinearProgress
          aria-hidden
          sx={{ position: 'absolute', top: 0, insetInline: 0, height: 3 }}
        />
      )}
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 48,
            height: 48,
            borderRadius: '50%',
            bgcolor: 'action.selected',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <GroupsOutlined />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle2" component="h2" color="text.secondary">
            {t('appSegments.builder.previewTitle')}
          </Typography>
          <Typography
            aria-hidden
            sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, opacity: valid ? 1 : 0.4 }}
          >
            {count === undefined ? '—' : count.toLocaleString(i18n.language)}
          </Typography>
        </Box>
      </Stack>
      <Typography
        role="status"
        aria-live="polite"
        aria-atomic
        variant="body2"
        color="text.secondary"
        sx={{ mt: 1 }}
      >
        {status}
      </Typography>
    </Paper>
  );
}
