import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  checkStory,
  type PlotItem,
  type PlotNode,
  type StoryProblem,
  type StoryVariable,
} from '@plotline/core';
import { useDeferredValue, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';

interface StoryCheckPanelProps {
  plot: readonly PlotNode[];
  items: readonly PlotItem[];
  variables: readonly StoryVariable[];
  plotName: (id: number) => string;
  onSelect: (id: number) => void;
}

function ProblemRow({
  problem,
  plotName,
  onSelect,
}: {
  problem: StoryProblem;
  plotName: (id: number) => string;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const id = problem.movie_plot_id;
  const error = problem.severity === 'error';
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      sx={{ listStyle: 'none', alignItems: 'flex-start', py: 1 }}
    >
      {error ? (
        <ErrorOutline
          fontSize="small"
          color="error"
          titleAccess={t('storyLogic.check.error')}
          sx={{ mt: 0.25 }}
        />
      ) : (
        <WarningAmber
          fontSize="small"
          color="warning"
          titleAccess={t('storyLogic.check.warning')}
          sx={{ mt: 0.25 }}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2">{messageText(problem.message)}</Typography>
        <Typography
          variant="caption"
          dir="auto"
          sx={{ color: 'text.secondary', display: 'block', overflowWrap: 'anywhere' }}
        >
          {id === undefined ? t('storyLogic.check.wholeStory') : plotName(id)}
        </Typography>
      </Box>
      {id !== undefined && (
        <Button
          size="small"
          onClick={() => onSelect(id)}
          aria-label={t('storyLogic.selectPlot', { plot: plotName(id) })}
          sx={{ flexShrink: 0 }}
        >
          {t('storyLogic.check.select')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The story check of step 3 (core `checkStory`) on the draft as it is edited: every path played to
 * find plots no path reaches, conditions that never hold and dead ends, with the save's own
 * problems. Each names its plot and selects it; publishing is refused while an error remains, and
 * for a story with more states than the check visits, until step 4 confirms its paths were played.
 */
export function StoryCheckPanel({
  plot,
  items,
  variables,
  plotName,
  onSelect,
}: StoryCheckPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // The check plays every path: typing stays fluid while it catches up.
  const checkedPlot = useDeferredValue(plot);
  const checkedVariables = useDeferredValue(variables);
  const problems = useMemo(
    () => checkStory(checkedPlot, items, checkedVariables),
    [checkedPlot, items, checkedVariables],
  );
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {t('storyLogic.check.title')}
        </Typography>
        <Chip
          size="small"
          color={errors > 0 ? 'error' : 'default'}
          variant="outlined"
          label={t('storyLogic.check.errors', { number: errors })}
        />
        {warnings > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t('storyLogic.check.warnings', { number: warnings })}
          />
        )}
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {problems.length === 0 ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CheckCircleOutline fontSize="small" color="success" aria-hidden />
            <Typography variant="body2">{t('storyLogic.check.none')}</Typography>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ color: errors > 0 ? 'error.main' : 'text.secondary' }}>
            {errors > 0 ? t('storyLogic.check.blocks') : t('storyLogic.check.notAllChecked')}
          </Typography>
        )}
      </Box>
      {problems.length > 0 && (
        <Box
          component="ul"
          aria-label={t('storyLogic.check.list')}
          tabIndex={0}
          sx={{
            m: 0,
            mt: 1,
            p: 0,
            maxHeight: 'clamp(160px, calc(100vh - 640px), 360px)',
            overflowY: 'auto',
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {problems.map((problem, index) => (
            <ProblemRow
              key={`${problem.kind}-${problem.movie_plot_id ?? ''}-${index}`}
              problem={problem}
              plotName={plotName}
              onSelect={onSelect}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
