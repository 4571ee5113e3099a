import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BRANCH_MODES,
  DECISION_SECONDS_MAX,
  DECISION_SECONDS_MIN,
  type BranchMode,
  type NodeLogic,
  type PlotNode,
} from '@plotline/core';
import { useTranslation } from 'react-i18next';
import {
  branchPatch,
  defaultCandidates,
  parseDecisionSeconds,
  timerPatch,
} from '../model/node-logic.ts';
import { LogicSection } from './logic-fields.tsx';
import { WholeNumberField } from './whole-number-field.tsx';

interface BranchSettingsProps {
  node: PlotNode;
  plot: readonly PlotNode[];
  plotName: (id: number) => string;
  onChange: (patch: Partial<NodeLogic>) => void;
}

/** The default option or fallback: one of the options without a condition, required. */
function OptionPicker({
  label,
  node,
  plot,
  plotName,
  onChange,
}: Omit<BranchSettingsProps, 'onChange'> & {
  label: string;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const candidates = defaultCandidates(plot, node.movie_plot_id);
  const chosen = candidates.some((option) => option.movie_plot_id === node.default_option_id);
  return (
    <TextField
      select
      size="small"
      required
      label={label}
      value={chosen ? String(node.default_option_id) : ''}
      error={!chosen}
      helperText={
        candidates.length === 0
          ? t('storyLogic.logic.noCandidate')
          : chosen
            ? undefined
            : t('storyLogic.logic.required')
      }
      onChange={(event) => onChange(Number(event.target.value))}
      slotProps={{ formHelperText: { sx: { mx: 0 } } }}
      sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: 360 }}
    >
      {candidates.map((option) => (
        <MenuItem key={option.movie_plot_id} value={String(option.movie_plot_id)}>
          <span dir="auto">{plotName(option.movie_plot_id)}</span>
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * "How the next plot is chosen", for a plot with options: the viewer chooses, with an optional
 * decision time and the default option it takes; or automatically, the first option whose
 * condition holds, else the fallback.
 */
export function BranchSettings({ node, plot, plotName, onChange }: BranchSettingsProps) {
  const { t } = useTranslation();
  const timed = node.decision_seconds !== null;
  return (
    <LogicSection legend={t('storyLogic.logic.branch')}>
      <Stack spacing={1.5}>
        <RadioGroup
          row
          aria-label={t('storyLogic.logic.branch')}
          value={node.branch}
          onChange={(event) => onChange(branchPatch(plot, node, event.target.value as BranchMode))}
        >
          {BRANCH_MODES.map((mode) => (
            <FormControlLabel
              key={mode}
              value={mode}
              control={<Radio size="small" />}
              label={t(`storyLogic.logic.branchModes.${mode}`)}
            />
          ))}
        </RadioGroup>
        {node.branch === 'choice' ? (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={timed}
                  onChange={(event) => onChange(timerPatch(plot, node, event.target.checked))}
                />
              }
              label={t('storyLogic.logic.timer')}
            />
            {timed && (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <WholeNumberField
                  label={t('storyLogic.logic.seconds')}
                  value={node.decision_seconds ?? DECISION_SECONDS_MIN}
                  parse={parseDecisionSeconds}
                  invalidText={t('storyLogic.logic.secondsRange', {
                    min: DECISION_SECONDS_MIN,
                    max: DECISION_SECONDS_MAX,
                  })}
                  onChange={(decision_seconds) => onChange({ decision_seconds })}
                  width={120}
                />
                <OptionPicker
                  label={t('storyLogic.logic.defaultOption')}
                  node={node}
                  plot={plot}
                  plotName={plotName}
                  onChange={(id) => onChange({ default_option_id: id })}
                />
              </Stack>
            )}
            {timed && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('storyLogic.logic.timerHint')}
              </Typography>
            )}
          </>
        ) : (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('storyLogic.logic.autoHint')}
            </Typography>
            <OptionPicker
              label={t('storyLogic.logic.fallback')}
              node={node}
              plot={plot}
              plotName={plotName}
              onChange={(id) => onChange({ default_option_id: id })}
            />
          </>
        )}
      </Stack>
    </LogicSection>
  );
}
