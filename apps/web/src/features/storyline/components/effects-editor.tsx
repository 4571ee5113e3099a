import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NODE_EFFECTS_MAX,
  type EffectOp,
  type StoryVariable,
  type VariableEffect,
} from '@plotline/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAddedRow } from '../hooks/use-focus-added-row.ts';
import { effectWithVariable, newEffect } from '../model/node-logic.ts';
import { parseWholeNumber } from '../model/story-variables.ts';
import { LogicRow, LogicSection, VariablePicker, YesNoPicker } from './logic-fields.tsx';
import { WholeNumberField } from './whole-number-field.tsx';

interface EffectsEditorProps {
  effects: readonly VariableEffect[];
  variables: readonly StoryVariable[];
  onChange: (effects: VariableEffect[]) => void;
}

function EffectRow({
  effect,
  variables,
  onChange,
  onRemove,
}: {
  effect: VariableEffect;
  variables: readonly StoryVariable[];
  onChange: (effect: VariableEffect) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const flag = typeof effect.value === 'boolean';
  // A yes/no variable is only set; a number is set or added to.
  const ops: EffectOp[] = flag ? ['set'] : ['set', 'add'];
  return (
    <LogicRow removeLabel={t('storyLogic.logic.removeEffect')} onRemove={onRemove}>
      <VariablePicker
        variables={variables}
        value={effect.variable}
        onChange={(variable) => onChange(effectWithVariable(effect, variable))}
      />
      <TextField
        select
        size="small"
        label={t('storyLogic.logic.change')}
        value={effect.op}
        onChange={(event) => onChange({ ...effect, op: event.target.value as EffectOp })}
        sx={{ width: 112, flexShrink: 0 }}
      >
        {ops.map((op) => (
          <MenuItem key={op} value={op}>
            {t(`storyLogic.logic.effectOps.${op}`)}
          </MenuItem>
        ))}
      </TextField>
      {typeof effect.value === 'boolean' ? (
        <YesNoPicker
          label={t('storyLogic.logic.value')}
          value={effect.value}
          onChange={(value) => onChange({ ...effect, value })}
        />
      ) : (
        <WholeNumberField
          label={t('storyLogic.logic.value')}
          value={effect.value}
          parse={parseWholeNumber}
          invalidText={t('storyLogic.wholeNumber')}
          onChange={(value) => onChange({ ...effect, value })}
          width={96}
        />
      )}
    </LogicRow>
  );
}

/**
 * "When the story reaches this plot": the plot's effects on the variables, applied in order
 * (a choice that sets a variable is its option's effects).
 */
export function EffectsEditor({ effects, variables, onChange }: EffectsEditorProps) {
  const { t } = useTranslation();
  const first = variables[0];
  const addButton = useRef<HTMLButtonElement>(null);
  const added = useFocusAddedRow(effects.length);
  return (
    <LogicSection legend={t('storyLogic.logic.effects')}>
      <Stack spacing={1.5}>
        {effects.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('storyLogic.logic.noEffects')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            ref={added.list}
            spacing={1.5}
            aria-label={t('storyLogic.logic.changes')}
            sx={{ m: 0, p: 0 }}
          >
            {effects.map((effect, index) => (
              <EffectRow
                key={index}
                effect={effect}
                variables={variables}
                onChange={(changed) =>
                  onChange(effects.map((entry, at) => (at === index ? changed : entry)))
                }
                onRemove={() => {
                  onChange(effects.filter((_entry, at) => at !== index));
                  // The row's button goes with it: the focus moves to "Add a change".
                  setTimeout(() => addButton.current?.focus());
                }}
              />
            ))}
          </Stack>
        )}
        <div>
          <Button
            ref={addButton}
            size="small"
            startIcon={<AddCircleOutline />}
            disabled={!first || effects.length >= NODE_EFFECTS_MAX}
            onClick={() => {
              if (!first) return;
              added.adding();
              onChange([...effects, newEffect(first)]);
            }}
          >
            {t('storyLogic.logic.addEffect')}
          </Button>
        </div>
        {!first && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('storyLogic.logic.noVariables')}
          </Typography>
        )}
      </Stack>
    </LogicSection>
  );
}
