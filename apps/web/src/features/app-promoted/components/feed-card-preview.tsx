import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromotedRow } from '@plotline/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FeedCardPreviewProps {
  /** The content whose card is shown. */
  item: PromotedRow | undefined;
  /** The content after it, whose card peeks in from the side as in the app's carousel. */
  next: PromotedRow | undefined;
}

/**
 * The promoted card as the reference app's feed shows it (apps/player/src/app: a carousel of
 * landscape cards, each its artwork, title and company, over a grid of the other rows, drawn here
 * as placeholders), in a small phone. Follows the row the user points at or selects.
 */
export function FeedCardPreview({ item, next }: FeedCardPreviewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 1.5, justifyItems: 'center' }}
    >
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ justifySelf: 'start' }}>
        {t('appPromoted.previewTitle')}
      </Typography>
      <Box
        sx={{
          width: 240,
          maxWidth: '100%',
          aspectRatio: '9 / 17',
          borderRadius: 5,
          border: 6,
          borderColor: 'grey.900',
          bgcolor: 'grey.900',
          color: 'common.white',
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
          boxShadow: 3,
        }}
      >
        <Box sx={{ px: 1.5, pt: 1.25, pb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            aria-hidden
            sx={{ width: 18, height: 18, borderRadius: 1, bgcolor: 'primary.main' }}
          />
          <Typography variant="caption" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Typography variant="caption" sx={{ px: 1.5, color: 'grey.400', fontWeight: 700 }}>
          {t('appPromoted.previewSection')}
        </Typography>
        {item ? (
          <Box
            sx={{
              display: 'grid',
              gridAutoFlow: 'column',
              gridAutoColumns: '82%',
              gap: 1,
              px: 1.5,
              pt: 0.75,
              overflow: 'hidden',
            }}
          >
            <FeedCard item={item} />
            {next && <FeedCard item={next} peek />}
          </Box>
        ) : (
          <Typography variant="caption" sx={{ px: 1.5, pt: 0.75, color: 'grey.400' }}>
            {t('appPromoted.previewEmpty')}
          </Typography>
        )}
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1,
            px: 1.5,
            pt: 2,
            flex: 1,
            overflow: 'hidden',
            alignContent: 'start',
          }}
        >
          {[0, 1, 2, 3].map((card) => (
            <Stack key={card} spacing={0.5}>
              <Box sx={{ aspectRatio: '16 / 9', borderRadius: 1, bgcolor: 'grey.800' }} />
              <Box sx={{ height: 5, width: '85%', borderRadius: 1, bgcolor: 'grey.800' }} />
              <Box sx={{ height: 5, width: '55%', borderRadius: 1, bgcolor: 'grey.800' }} />
            </Stack>
          ))}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('appPromoted.previewHint')}
      </Typography>
    </Paper>
  );
}

/**
 * One landscape card: the artwork (desktop, else mobile), the title, the company. The card that
 * peeks is only its dimmed artwork and lines where its words would be: nothing to read there.
 */
function FeedCard({ item, peek = false }: { item: PromotedRow; peek?: boolean }) {
  const artwork = item.thumbnail_desktop ?? item.thumbnail_mobile;
  return (
    <Box aria-hidden={peek || undefined} sx={{ minWidth: 0, opacity: peek ? 0.55 : 1 }}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 1.5,
          overflow: 'hidden',
          bgcolor: 'grey.800',
          display: 'grid',
          placeItems: 'center',
          color: 'grey.500',
        }}
      >
        {artwork ? (
          <Box
            component="img"
            src={artwork}
            alt=""
            sx={{ position: 'absolute', inset: 0, width: 1, height: 1, objectFit: 'cover' }}
          />
        ) : (
          <MovieOutlined aria-hidden />
        )}
      </Box>
      {peek ? (
        <Stack spacing={0.75} sx={{ mt: 1 }}>
          <Box sx={{ height: 8, width: '80%', borderRadius: 1, bgcolor: 'grey.700' }} />
          <Box sx={{ height: 6, width: '50%', borderRadius: 1, bgcolor: 'grey.800' }} />
        </Stack>
      ) : (
        <>
          <Typography
            variant="body2"
            sx={{ mt: 0.75, fontWeight: 700, lineHeight: 1.25, overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'grey.400' }}>
            {item.company_name}
          </Typography>
        </>
      )}
    </Box>
  );
}
