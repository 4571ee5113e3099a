import AltRoute from '@mui/icons-material/AltRoute';
import Bolt from '@mui/icons-material/Bolt';
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import Redo from '@mui/icons-material/Redo';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatCondition, formatEffect, type PlotNode } from '@plotline/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogicWords } from '../../../lib/use-logic-words.ts';
import { hasLogic } from '../model/node-logic.ts';

interface LogicSummaryProps {
  node: PlotNode;
  /** How many options the plot has: a timer or an automatic branch needs some. */
  optionCount: number;
  plotName: (id: number) => string;
}

/**
 * A plot's story logic in a line of chips, read-only: its condition, its effects, how its next
 * plot is chosen and where it continues. Shown on the plots not being edited, and on locked ones.
 */
export function LogicSummary({ node, optionCount, plotName }: LogicSummaryProps) {
  const { t } = useTranslation();
  const words = useLogicWords();
  if (!hasLogic(node)) return null;
  const chips: { key: string; icon: ReactElement; label: string }[] = [];
  if (node.condition) {
    chips.push({
      key: 'condition',
      icon: <FilterAltOutlined />,
      label: t('storyLogic.summary.onlyWhen', {
        condition: formatCondition(node.condition, words),
      }),
    });
  }
  node.effects.forEach((effect, index) =>
    chips.push({ key: `effect-${index}`, icon: <Bolt />, label: formatEffect(effect, words) }),
  );
  const named = node.default_option_id === null ? '' : plotName(node.default_option_id);
  if (optionCount > 0 && node.branch === 'auto') {
    chips.push({
      key: 'auto',
      icon: <AltRoute />,
      label: t('storyLogic.summary.auto', { fallback: named }),
    });
  } else if (optionCount > 0 && node.decision_seconds !== null) {
    chips.push({
      key: 'timer',
      icon: <TimerOutlined />,
      label: t('storyLogic.summary.timer', { seconds: node.decision_seconds, option: named }),
    });
  }
  if (node.goto_id !== null) {
    chips.push({
      key: 'goto',
      icon: <Redo />,
      label: t('storyLogic.summary.continuesAt', { plot: plotName(node.goto_id) }),
    });
  }
  return (
    <Box
      component="ul"
      aria-label={t('storyLogic.summary.label')}
      sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {chips.map((chip) => (
        <Box component="li" key={chip.key} sx={{ listStyle: 'none', maxWidth: '100%' }}>
          <Chip
            size="small"
            variant="outlined"
            icon={chip.icon}
            label={<bdi>{chip.label}</bdi>}
            sx={{ maxWidth: '100%' }}
          />
        </Box>
      ))}
    </Box>
  );
}
