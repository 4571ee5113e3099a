import AltRouteRounded from '@mui/icons-material/AltRouteRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type {
  MovieContentStatus,
  PlotNode,
  StoryState,
  StoryVariable,
  VariableValue,
} from '@plotline/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../lib/visually-hidden.ts';
import {
  backTo,
  goTo,
  setValue,
  startTrail,
  stopView,
  storyStateOf,
  trailFits,
  type PathStop,
} from '../model/path-trail.ts';
import { plotLabels } from '../model/plot-labels.ts';
import { stepSentence } from '../model/step-sentence.ts';
import { PathBreadcrumb } from './path-breadcrumb.tsx';
import { PlotPicker } from './plot-picker.tsx';
import { StopDetails } from './stop-details.tsx';
import { VariableFields } from './variable-fields.tsx';

export interface PlayEveryPathProps {
  plot: readonly PlotNode[];
  variables: readonly StoryVariable[];
  items: readonly MovieContentStatus[];
  /** The language captions are read in (the project's primary one). */
  languageId: number | null;
  /** Step 4: the preview player starts where the path is (`state` of its address). */
  onPlayFrom?: (state: StoryState, caption: string) => void;
}

/**
 * "Play every path" (issue 21): a button opening a panel where the creator walks the storyline as
 * viewers would, with core's step rule, setting any variable and jumping to any plot. The path is
 * kept while the panel is closed, as long as it still fits the storyline.
 */
export function PlayEveryPath({
  plot,
  variables,
  items,
  languageId,
  onPlayFrom,
}: PlayEveryPathProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(false);
  const [kept, setKept] = useState<PathStop[]>([]);
  // Moving on removes the button used (an option, a breadcrumb): the focus goes to where the path is.
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    if (moves > 0) heading.current?.focus();
  }, [moves]);

  const trail = trailFits(plot, variables, kept) ? kept : startTrail(plot, variables);
  const labels = useMemo(() => plotLabels(plot, items, languageId), [plot, items, languageId]);
  const here = trail.at(-1);
  const view = here ? stopView(plot, here) : null;
  const nameOf = (id: number) => labels.get(id)?.caption || t('storyPaths.noItem');

  const move = (next: PathStop[]) => {
    setKept(next);
    setMoves((count) => count + 1);
  };
  const startOver = () => setKept(startTrail(plot, variables));
  const change = (name: string, value: VariableValue) => setKept(setValue(trail, name, value));
  const playFrom = () => {
    const state = storyStateOf(trail);
    if (!state || !onPlayFrom) return;
    onPlayFrom(state, nameOf(state.node_id));
    setOpen(false);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AltRouteRounded />}
        disabled={trail.length === 0}
        onClick={() => setOpen(true)}
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {t('storyPaths.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullScreen={narrow}
        fullWidth
        maxWidth="lg"
      >
        <DialogTitle
          id={titleId}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            paddingInlineEnd: (theme) => theme.spacing(1),
          }}
        >
          <Box component="span" sx={{ flexGrow: 1 }}>
            {t('storyPaths.title')}
          </Box>
          <IconButton aria-label={t('storyPaths.close')} onClick={() => setOpen(false)}>
            <CloseRounded />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          {here && view ? (
            <Stack spacing={2.5}>
              <Typography variant="body2" color="text.secondary">
                {t('storyPaths.intro')}
              </Typography>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ gap: 1.5, alignItems: { sm: 'center' } }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <PlotPicker
                    plot={plot}
                    labels={labels}
                    value={here.node_id}
                    onJump={(id) => setKept(goTo(plot, trail, id))}
                  />
                </Box>
                <Button
                  variant="outlined"
                  startIcon={<ReplayRounded />}
                  onClick={startOver}
                  sx={{ flexShrink: 0 }}
                >
                  {t('storyPaths.startOver')}
                </Button>
              </Stack>
              <PathBreadcrumb
                trail={trail}
                labels={labels}
                onBack={(index) => move(backTo(trail, index))}
              />
              <Box
                sx={{
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(220px, 1fr)' },
                  alignItems: 'start',
                }}
              >
                <StopDetails
                  view={view}
                  labels={labels}
                  onGo={(id) => move(goTo(plot, trail, id))}
                  headingId={headingId}
                  headingRef={heading}
                />
                <Paper
                  component="section"
                  variant="outlined"
                  aria-label={t('storyPaths.variables')}
                  sx={{ p: 2 }}
                >
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
                    {t('storyPaths.variables')}
                  </Typography>
                  <VariableFields variables={variables} values={here.values} onChange={change} />
                </Paper>
              </Box>
              <Box role="status" sx={VISUALLY_HIDDEN}>
                {t('storyPaths.where', {
                  caption: nameOf(here.node_id),
                  step: stepSentence(view, nameOf, t),
                })}
              </Box>
            </Stack>
          ) : (
            <Typography color="text.secondary">{t('storyPaths.noStory')}</Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => setOpen(false)}>{t('storyPaths.close')}</Button>
          {onPlayFrom && (
            <Button
              variant="contained"
              startIcon={<PlayArrowRounded />}
              disabled={!here}
              onClick={playFrom}
            >
              {t('storyPaths.playFromHere')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
