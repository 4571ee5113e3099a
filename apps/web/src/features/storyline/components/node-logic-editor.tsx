import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { childrenOf, type NodeLogic, type PlotNode, type StoryVariable } from '@plotline/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BranchSettings } from './branch-settings.tsx';
import { ConditionBuilder } from './condition-builder.tsx';
import { EffectsEditor } from './effects-editor.tsx';
import { LogicSection } from './logic-fields.tsx';

interface NodeLogicEditorProps {
  node: PlotNode;
  plot: readonly PlotNode[];
  variables: readonly StoryVariable[];
  plotName: (id: number) => string;
  /** A change of the plot's logic, made with core's `setNodeLogic`. */
  onChange: (patch: Partial<NodeLogic>) => void;
}

/**
 * The story logic of the selected plot (docs/PLOT.md, "Story logic"): as an option, when it is
 * shown; what it changes when the story reaches it; with options, how the next plot is chosen;
 * with a link, where it continues. Each change is one patch of the plot's logic.
 */
export function NodeLogicEditor({
  node,
  plot,
  variables,
  plotName,
  onChange,
}: NodeLogicEditorProps) {
  const { t } = useTranslation();
  const options = childrenOf(plot).get(node.movie_plot_id) ?? [];
  const parent = plot.find((candidate) => candidate.movie_plot_id === node.parent_id);
  // The default option and the fallback are always shown: they take no condition.
  const isDefault = parent?.default_option_id === node.movie_plot_id && node.condition === null;
  const section = useRef<HTMLDivElement>(null);
  return (
    <Stack spacing={2} ref={section} tabIndex={-1} sx={{ outline: 'none' }}>
      <Divider />
      <Typography variant="overline" component="p" sx={{ lineHeight: 1.5 }}>
        {t('storyLogic.logic.title')}
      </Typography>
      {node.parent_id !== null && (
        <ConditionBuilder
          condition={node.condition}
          variables={variables}
          blocked={isDefault ? t('storyLogic.logic.defaultAlways') : null}
          onChange={(condition) => onChange({ condition })}
        />
      )}
      <EffectsEditor
        effects={node.effects}
        variables={variables}
        onChange={(effects) => onChange({ effects })}
      />
      {options.length >= 2 && (
        <BranchSettings node={node} plot={plot} plotName={plotName} onChange={onChange} />
      )}
      {node.goto_id !== null && (
        <LogicSection legend={t('storyLogic.continueAt.title')}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Redo fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
            <Typography variant="body2" dir="auto" sx={{ flex: '1 1 auto', minWidth: 0 }}>
              {plotName(node.goto_id)}
            </Typography>
            <Button
              size="small"
              color="inherit"
              startIcon={<LinkOff />}
              onClick={() => {
                onChange({ goto_id: null });
                // The link's section goes with it: the focus stays in the plot's logic.
                setTimeout(() => section.current?.focus());
              }}
            >
              {t('storyLogic.continueAt.remove')}
            </Button>
          </Stack>
        </LogicSection>
      )}
    </Stack>
  );
}
