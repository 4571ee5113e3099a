import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPARISONS,
  CONDITION_CLAUSES_MAX,
  CONDITION_JOINS,
  type Comparison,
  type Condition,
  type ConditionClause,
  type ConditionJoin,
  type StoryVariable,
} from '@plotline/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusAddedRow } from '../hooks/use-focus-added-row.ts';
import { useLogicWords } from '../../../lib/use-logic-words.ts';
import {
  clauseWantsYes,
  clauseWithVariable,
  comparisonSign,
  newClause,
} from '../model/node-logic.ts';
import { parseWholeNumber } from '../model/story-variables.ts';
import { LogicRow, LogicSection, VariablePicker } from './logic-fields.tsx';
import { WholeNumberField } from './whole-number-field.tsx';

interface ConditionBuilderProps {
  condition: Condition | null;
  variables: readonly StoryVariable[];
  /** Why no condition may be set here (the option is its plot's default), or null. */
  blocked: string | null;
  onChange: (condition: Condition | null) => void;
}

/** A comparison as its picker shows it: the sign kept left to right (a mirrored ≥ reads ≤). */
function ComparisonLabel({ op }: { op: Comparison }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi dir="ltr">{comparisonSign(op)}</bdi> {t(`storyLogic.logic.comparisons.${op}`)}
    </>
  );
}

function ClauseRow({
  lead,
  clause,
  variables,
  onChange,
  onRemove,
}: {
  lead: string | undefined;
  clause: ConditionClause;
  variables: readonly StoryVariable[];
  onChange: (clause: ConditionClause) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const flag = typeof clause.value === 'boolean';
  return (
    <LogicRow lead={lead} removeLabel={t('storyLogic.logic.removeClause')} onRemove={onRemove}>
      <VariablePicker
        variables={variables}
        value={clause.variable}
        onChange={(variable) => onChange(clauseWithVariable(clause, variable))}
      />
      {flag ? (
        <TextField
          select
          size="small"
          label={t('storyLogic.logic.comparison')}
          value={clauseWantsYes(clause) ? 'yes' : 'no'}
          onChange={(event) =>
            onChange({ ...clause, op: 'eq', value: event.target.value === 'yes' })
          }
          sx={{ width: 140, flexShrink: 0 }}
        >
          <MenuItem value="yes">{t('storyLogic.logic.isYes')}</MenuItem>
          <MenuItem value="no">{t('storyLogic.logic.isNo')}</MenuItem>
        </TextField>
      ) : (
        <>
          <TextField
            select
            size="small"
            label={t('storyLogic.logic.comparison')}
            value={clause.op}
            onChange={(event) => onChange({ ...clause, op: event.target.value as Comparison })}
            sx={{ width: 140, flexShrink: 0 }}
          >
            {COMPARISONS.map((op) => (
              <MenuItem key={op} value={op}>
                <ComparisonLabel op={op} />
              </MenuItem>
            ))}
          </TextField>
          <WholeNumberField
            label={t('storyLogic.logic.value')}
            value={typeof clause.value === 'number' ? clause.value : 0}
            parse={parseWholeNumber}
            invalidText={t('storyLogic.wholeNumber')}
            onChange={(value) => onChange({ ...clause, value })}
            width={96}
          />
        </>
      )}
    </LogicRow>
  );
}

/**
 * "Show this option only when…": a condition built with pickers only (core `Condition`): rows of
 * variable, comparison and value, joined by "all of" (and) or "any of" (or). Removing the last row
 * leaves the option always shown.
 */
export function ConditionBuilder({
  condition,
  variables,
  blocked,
  onChange,
}: ConditionBuilderProps) {
  const { t } = useTranslation();
  const words = useLogicWords();
  const clauses = condition?.clauses ?? [];
  const join: ConditionJoin = condition?.join ?? 'and';
  const first = variables[0];
  const setClauses = (next: ConditionClause[]) =>
    onChange(next.length === 0 ? null : { join, clauses: next });
  // A removed row's button goes with it: the focus moves to "Add a rule" instead of the page.
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAdd = () => setTimeout(() => addButton.current?.focus());
  const added = useFocusAddedRow(clauses.length);

  return (
    <LogicSection legend={t('storyLogic.logic.condition')}>
      <Stack spacing={1.5}>
        {clauses.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {blocked ?? t('storyLogic.logic.always')}
          </Typography>
        )}
        {clauses.length > 1 && (
          <TextField
            select
            size="small"
            label={t('storyLogic.logic.join')}
            value={join}
            onChange={(event) => onChange({ join: event.target.value as ConditionJoin, clauses })}
            sx={{ maxWidth: 280 }}
          >
            {CONDITION_JOINS.map((entry) => (
              <MenuItem key={entry} value={entry}>
                {t(`storyLogic.logic.joins.${entry}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {clauses.length > 0 && (
          <Stack
            component="ul"
            ref={added.list}
            spacing={1.5}
            aria-label={t('storyLogic.logic.rules')}
            sx={{ m: 0, p: 0 }}
          >
            {clauses.map((clause, index) => (
              <ClauseRow
                key={index}
                lead={index > 0 ? words[join] : undefined}
                clause={clause}
                variables={variables}
                onChange={(changed) =>
                  setClauses(clauses.map((entry, at) => (at === index ? changed : entry)))
                }
                onRemove={() => {
                  setClauses(clauses.filter((_entry, at) => at !== index));
                  focusAdd();
                }}
              />
            ))}
          </Stack>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            ref={addButton}
            size="small"
            startIcon={<AddCircleOutline />}
            disabled={!first || blocked !== null || clauses.length >= CONDITION_CLAUSES_MAX}
            onClick={() => {
              if (!first) return;
              added.adding();
              setClauses([...clauses, newClause(first)]);
            }}
          >
            {t('storyLogic.logic.addClause')}
          </Button>
          {clauses.length > 0 && (
            <Button
              size="small"
              color="inherit"
              onClick={() => {
                onChange(null);
                focusAdd();
              }}
            >
              {t('storyLogic.logic.clearCondition')}
            </Button>
          )}
        </Stack>
        {!first && blocked === null && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('storyLogic.logic.noVariables')}
          </Typography>
        )}
      </Stack>
    </LogicSection>
  );
}
