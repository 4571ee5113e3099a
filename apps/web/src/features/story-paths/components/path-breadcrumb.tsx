import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { flipInRtl } from '../../../lib/flip-in-rtl.ts';
import type { PathTrail } from '../model/path-trail.ts';
import type { PlotLabel } from '../model/plot-labels.ts';

interface PathBreadcrumbProps {
  trail: PathTrail;
  labels: ReadonlyMap<number, PlotLabel>;
  /** Back to the stop at this index, as it was reached. */
  onBack: (index: number) => void;
}

/** The path played so far, oldest first: each earlier plot is a way back to it. */
export function PathBreadcrumb({ trail, labels, onBack }: PathBreadcrumbProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const nameOf = (id: number) => labels.get(id)?.caption || t('storyPaths.noItem');
  return (
    <Box component="nav" aria-labelledby={labelId}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="p">
        {t('storyPaths.path')}
      </Typography>
      <Box
        component="ol"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.5,
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {trail.map((stop, index) => {
          const last = index === trail.length - 1;
          return (
            // A path may pass a plot more than once: its place on the path tells them apart.
            <Box
              component="li"
              key={`${index}-${stop.node_id}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                minWidth: 0,
                maxWidth: '100%',
              }}
            >
              {last ? (
                <Typography
                  variant="body2"
                  aria-current="step"
                  dir="auto"
                  noWrap
                  sx={{ fontWeight: 700, px: 1, py: 0.5 }}
                >
                  {nameOf(stop.node_id)}
                </Typography>
              ) : (
                <>
                  <Button
                    size="small"
                    onClick={() => onBack(index)}
                    aria-label={t('storyPaths.backTo', { caption: nameOf(stop.node_id) })}
                    sx={{ minWidth: 0, maxWidth: 220, textTransform: 'none' }}
                  >
                    <Box
                      component="span"
                      dir="auto"
                      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {nameOf(stop.node_id)}
                    </Box>
                  </Button>
                  <ChevronRightRounded
                    aria-hidden
                    fontSize="small"
                    sx={{ ...flipInRtl, color: 'text.secondary' }}
                  />
                </>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
