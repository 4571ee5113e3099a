import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isInLockedSubtree,
  STORY_VARIABLES_MAX,
  VARIABLE_KINDS,
  variableUses,
  type PlotNode,
  type StoryVariable,
  type VariableKind,
  type VariableValue,
} from '@plotline/core';
import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../lib/use-message-text.ts';
import {
  addVariable,
  parseWholeNumber,
  removeVariable,
  renameStoryVariable,
  setVariableStart,
  startOfKind,
  variableNameProblem,
  type Story,
  type StoryEdit,
} from '../model/story-variables.ts';
import { WholeNumberField } from './whole-number-field.tsx';

export interface StoryVariablesPanelProps {
  variables: readonly StoryVariable[];
  plot: readonly PlotNode[];
  readOnly: boolean;
  plotName: (id: number) => string;
  onEdit: (operation: (story: Story) => StoryEdit) => void;
  onSelectPlot: (id: number) => void;
}

/** A start value: a number field, or yes/no for a yes/no variable. */
function StartField({
  kind,
  value,
  disabled = false,
  onChange,
}: {
  kind: VariableKind;
  value: VariableValue;
  disabled?: boolean;
  onChange: (value: VariableValue) => void;
}) {
  const { t } = useTranslation();
  const label = t('storyLogic.variables.start');
  if (kind === 'number') {
    return (
      <WholeNumberField
        label={label}
        value={typeof value === 'number' ? value : 0}
        parse={parseWholeNumber}
        invalidText={t('storyLogic.wholeNumber')}
        disabled={disabled}
        onChange={onChange}
      />
    );
  }
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === true ? 'yes' : 'no'}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === 'yes')}
      sx={{ width: 112, flexShrink: 0 }}
    >
      <MenuItem value="yes">{t('storyLogic.yes')}</MenuItem>
      <MenuItem value="no">{t('storyLogic.no')}</MenuItem>
    </TextField>
  );
}

function VariableRow({
  variable,
  props,
  onRemoved,
}: {
  variable: StoryVariable;
  props: StoryVariablesPanelProps;
  /** The row goes with its variable: the focus moves on. */
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { variables, plot, onEdit } = props;
  const [name, setName] = useState(variable.name);
  const [shownName, setShownName] = useState(variable.name);
  // A rename applied (or undone by a reload) replaces what is typed.
  const [uses, setUses] = useState<number[] | null>(null);
  if (shownName !== variable.name) {
    setShownName(variable.name);
    setName(variable.name);
    setUses(null);
  }
  const problem = variableNameProblem(name, variables, variable.name);
  // A locked plot is not changed, so a variable it uses keeps its name.
  const lockedUse = variableUses(plot, variable.name).some((id) => isInLockedSubtree(plot, id));
  const rename = () => {
    if (problem || name === variable.name) return;
    onEdit((story) => renameStoryVariable(story, variable.name, name));
  };
  const remove = () => {
    const result = removeVariable({ plot: [...plot], variables: [...variables] }, variable.name);
    if (!result.ok) return setUses(result.uses);
    onEdit(() => result);
    onRemoved();
  };

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('storyLogic.variables.name')}
          value={name}
          disabled={lockedUse}
          error={problem !== null}
          helperText={
            problem
              ? messageText(problem)
              : lockedUse
                ? t('storyLogic.variables.lockedUse')
                : undefined
          }
          onChange={(event) => setName(event.target.value)}
          onBlur={rename}
          onKeyDown={(event) => {
            if (event.key === 'Enter') rename();
            if (event.key === 'Escape') setName(variable.name);
          }}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
          sx={{ flex: '1 1 160px', minWidth: 0 }}
        />
        <Chip
          label={t(`storyLogic.variables.kinds.${variable.kind}`)}
          variant="outlined"
          sx={{ mt: 0.5 }}
        />
        <StartField
          kind={variable.kind}
          value={variable.start}
          onChange={(start) => onEdit((story) => setVariableStart(story, variable.name, start))}
        />
        <IconButton
          aria-label={t('storyLogic.variables.delete', { name: variable.name })}
          title={t('storyLogic.variables.delete', { name: variable.name })}
          onClick={remove}
          sx={{ mt: 0.25 }}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Stack>
      {uses && (
        <Alert severity="warning" onClose={() => setUses(null)} sx={{ mt: 1 }}>
          {t('storyLogic.variables.inUse', { name: variable.name })}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {uses.map((id) => (
              <Button
                key={id}
                size="small"
                variant="outlined"
                color="inherit"
                onClick={() => props.onSelectPlot(id)}
                aria-label={t('storyLogic.selectPlot', { plot: props.plotName(id) })}
              >
                <Box component="span" dir="auto">
                  {props.plotName(id)}
                </Box>
              </Button>
            ))}
          </Stack>
        </Alert>
      )}
    </Box>
  );
}

function NewVariable({
  props,
  nameField,
}: {
  props: StoryVariablesPanelProps;
  nameField: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<VariableKind>('number');
  const [start, setStart] = useState<VariableValue>(startOfKind('number'));
  const problem = name === '' ? null : variableNameProblem(name, props.variables);
  const full = props.variables.length >= STORY_VARIABLES_MAX;
  const add = () => {
    if (name === '' || problem || full) return;
    props.onEdit((story) => addVariable(story, { name, kind, start }));
    setName('');
    nameField.current?.focus();
  };
  return (
    <Box
      component="form"
      aria-label={t('storyLogic.variables.new')}
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          inputRef={nameField}
          label={t('storyLogic.variables.newName')}
          placeholder="score"
          value={name}
          disabled={full}
          error={problem !== null}
          helperText={
            problem
              ? messageText(problem)
              : full
                ? t('storyLogic.variables.max', { max: STORY_VARIABLES_MAX })
                : t('storyLogic.variables.nameHint')
          }
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
          sx={{ flex: '1 1 160px', minWidth: 0 }}
        />
        <TextField
          select
          size="small"
          label={t('storyLogic.variables.kind')}
          value={kind}
          disabled={full}
          onChange={(event) => {
            const chosen = event.target.value as VariableKind;
            setKind(chosen);
            setStart(startOfKind(chosen));
          }}
          sx={{ width: 112, flexShrink: 0 }}
        >
          {VARIABLE_KINDS.map((entry) => (
            <MenuItem key={entry} value={entry}>
              {t(`storyLogic.variables.kinds.${entry}`)}
            </MenuItem>
          ))}
        </TextField>
        <StartField kind={kind} value={start} disabled={full} onChange={setStart} />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddCircleOutline />}
          disabled={full || name === '' || problem !== null}
          sx={{ mt: 0.25 }}
        >
          {t('storyLogic.variables.add')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The project's story variables (docs/PLOT.md, "Story logic"): numbers and yes/no values a viewing
 * starts with and the plots change. Added, renamed (every use follows), their start changed, and
 * deleted once no plot uses them; the names are checked as they are typed, with core's rule.
 */
export function StoryVariablesPanel(props: StoryVariablesPanelProps) {
  const { t } = useTranslation();
  const { variables, readOnly } = props;
  const titleId = useId();
  const newName = useRef<HTMLInputElement>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h3">
          {t('storyLogic.variables.title')}
        </Typography>
        <Chip size="small" label={variables.length} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('storyLogic.variables.intro')}
      </Typography>
      {readOnly ? (
        variables.length === 0 ? (
          <Typography variant="body2">{t('storyLogic.variables.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {variables.map((variable) => (
              <Box component="li" key={variable.name} sx={{ listStyle: 'none' }}>
                <Chip
                  variant="outlined"
                  label={
                    <span dir="ltr">
                      {variable.name} · {t(`storyLogic.variables.kinds.${variable.kind}`)} ·{' '}
                      {typeof variable.start === 'boolean'
                        ? t(variable.start ? 'storyLogic.yes' : 'storyLogic.no')
                        : variable.start}
                    </span>
                  }
                />
              </Box>
            ))}
          </Box>
        )
      ) : (
        <Stack spacing={2}>
          {variables.length > 0 && (
            <Stack
              component="ul"
              spacing={2}
              aria-label={t('storyLogic.variables.list')}
              sx={{ m: 0, p: 0 }}
            >
              {variables.map((variable, index) => (
                // The index keys the row: a rename must not remount the field being typed in.
                <VariableRow
                  key={index}
                  variable={variable}
                  props={props}
                  onRemoved={() => setTimeout(() => newName.current?.focus())}
                />
              ))}
            </Stack>
          )}
          <NewVariable props={props} nameField={newName} />
        </Stack>
      )}
    </Paper>
  );
}
