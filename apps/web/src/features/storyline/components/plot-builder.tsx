import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  childrenOf,
  CONTENT_TYPE,
  expectedContentType,
  isInLockedSubtree,
  type BannerComponentType,
  type MovieContentStatus,
  type NodeLogic,
  type PlotItem,
  type PlotNode,
  type StoryVariable,
} from '@plotline/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { builderRows, plotItemsOf } from '../model/storyline.ts';
import { BannerComponents } from './banner-components.tsx';
import { ItemPicker } from './item-picker.tsx';
import { LogicSummary } from './logic-summary.tsx';
import { NodeLogicEditor } from './node-logic-editor.tsx';

export interface PlotBuilderActions {
  onStart: () => void;
  onSelect: (id: number) => void;
  onChoose: (id: number, item: MovieContentStatus) => void;
  /** 'Add Bridge' on a clip, its counterpart on a bridge: an empty child. */
  onAddChild: (id: number) => void;
  /** 'Add More Options': an empty alternative beside the plot. */
  onAddSibling: (id: number) => void;
  /** 'End Clip': the branch ends at this plot; what followed it goes. */
  onEndClip: (id: number) => void;
  onDelete: (id: number) => void;
  onLock: (id: number, locked: boolean) => void;
  onAddBanner: (id: number, type: BannerComponentType) => void;
  onBannerTime: (id: number, index: number, mmSs: string) => string | null;
  onBannerType: (id: number, index: number, type: BannerComponentType | '') => void;
  /** A change of the plot's story logic (condition, effects, branch, timer, default, link). */
  onLogic: (id: number, patch: Partial<NodeLogic>) => void;
  /** 'Continue at…': asks where a plot without options continues. */
  onContinueAt: (id: number) => void;
}

interface PlotBuilderProps {
  plot: readonly PlotNode[];
  items: readonly MovieContentStatus[];
  languageId: number | null;
  /** The project's story variables, which conditions and effects pick from. */
  variables: readonly StoryVariable[];
  /** How the story logic names a plot (`usePlotNames`). */
  plotName: (id: number) => string;
  /** Hides add and delete (§2). */
  readOnly: boolean;
  /** Whether a plot's lock can be switched now; the reason is shown when it cannot. */
  lockBlocked: (node: PlotNode) => string | null;
  selectedId: number | null;
  actions: PlotBuilderActions;
}

interface Context extends Omit<PlotBuilderProps, 'plot'> {
  plot: readonly PlotNode[];
  children: Map<number | null, PlotNode[]>;
  plotItems: PlotItem[];
}

function NodeMenu({ node, kind, context }: { node: PlotNode; kind: number; context: Context }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { actions } = context;
  const hasChildren = (context.children.get(node.movie_plot_id) ?? []).length > 0;
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('projectWizard.stepThree.menu')}
        title={t('projectWizard.stepThree.menu')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          // A plot that continues elsewhere has no options: its link goes first.
          disabled={node.goto_id !== null}
          onClick={run(() => actions.onAddChild(node.movie_plot_id))}
        >
          {t(
            kind === CONTENT_TYPE.clip
              ? 'projectWizard.stepThree.addBridge'
              : 'projectWizard.stepThree.addClip',
          )}
        </MenuItem>
        {kind === CONTENT_TYPE.clip && (
          <MenuItem
            disabled={!hasChildren}
            onClick={run(() => actions.onEndClip(node.movie_plot_id))}
          >
            {t('projectWizard.stepThree.endClip')}
          </MenuItem>
        )}
        {node.parent_id !== null && (
          <MenuItem onClick={run(() => actions.onAddSibling(node.movie_plot_id))}>
            {t('projectWizard.stepThree.addOption')}
          </MenuItem>
        )}
        {!hasChildren && (
          <MenuItem onClick={run(() => actions.onContinueAt(node.movie_plot_id))}>
            {t('storyLogic.continueAt.menu')}
          </MenuItem>
        )}
        {node.goto_id !== null && (
          <MenuItem onClick={run(() => actions.onLogic(node.movie_plot_id, { goto_id: null }))}>
            {t('storyLogic.continueAt.remove')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function PlotCard({ node, context }: { node: PlotNode; context: Context }) {
  const { t } = useTranslation();
  const { actions, readOnly, plot, selectedId } = context;
  const id = node.movie_plot_id;
  const kind = expectedContentType(plot, id) ?? CONTENT_TYPE.clip;
  const locked = isInLockedSubtree(plot, id);
  const lockReason = context.lockBlocked(node);
  const ending =
    (context.children.get(id) ?? []).length === 0 &&
    node.goto_id === null &&
    node.movie_content_id !== null;
  const item = context.plotItems.find((entry) => entry.movie_content_id === node.movie_content_id);
  const selected = selectedId === id;
  /** A pointer is pressing on the card: the focus it gives does not select (its click does). */
  const pressed = useRef(false);
  const kindLabel = t(
    kind === CONTENT_TYPE.clip ? 'projectWizard.stepThree.clip' : 'projectWizard.stepThree.bridge',
  );

  return (
    <Paper
      variant="outlined"
      data-plot-id={id}
      aria-current={selected ? 'true' : undefined}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onClick={() => {
        pressed.current = false;
        actions.onSelect(id);
      }}
      // Moving into a plot with the keyboard selects it too: its story logic opens below its fields.
      // A pointer's press selects on its click instead: selecting as the press focuses would fold
      // the plot selected above and move this one before the press ends, and the click would miss.
      onFocus={() => {
        const byPointer = pressed.current;
        pressed.current = false;
        if (!selected && !byPointer) actions.onSelect(id);
      }}
      sx={(theme) => ({
        p: 1.5,
        borderColor: selected ? 'primary.main' : undefined,
        boxShadow: selected ? `0 0 0 1px ${theme.palette.primary.main}` : 'none',
        bgcolor: locked ? theme.alpha(theme.palette.text.primary, 0.03) : 'background.paper',
      })}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 34 }}>
          <Chip
            size="small"
            label={kindLabel}
            color={kind === CONTENT_TYPE.clip ? 'primary' : 'secondary'}
            variant="outlined"
          />
          {ending && (
            <Chip
              size="small"
              icon={<FlagOutlined />}
              label={t('projectWizard.stepThree.ending')}
              color="success"
              variant="outlined"
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          <IconButton
            size="small"
            aria-pressed={node.locked === '1'}
            aria-label={t(
              node.locked === '1'
                ? 'projectWizard.stepThree.unlock'
                : 'projectWizard.stepThree.lock',
            )}
            title={
              lockReason ??
              t(
                node.locked === '1'
                  ? 'projectWizard.stepThree.unlock'
                  : 'projectWizard.stepThree.lock',
              )
            }
            disabled={lockReason !== null}
            color={node.locked === '1' ? 'warning' : 'default'}
            onClick={() => actions.onLock(id, node.locked !== '1')}
          >
            {node.locked === '1' ? (
              <LockOutlined fontSize="small" />
            ) : (
              <LockOpenOutlined fontSize="small" />
            )}
          </IconButton>
          {!readOnly && !locked && (
            <>
              <NodeMenu node={node} kind={kind} context={context} />
              <IconButton
                size="small"
                aria-label={t('projectWizard.stepThree.delete')}
                title={t('projectWizard.stepThree.delete')}
                onClick={() => actions.onDelete(id)}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </>
          )}
        </Stack>
        <ItemPicker
          label={kindLabel}
          items={context.items.filter((entry) => entry.type === kind)}
          value={node.movie_content_id}
          languageId={context.languageId}
          disabled={readOnly || locked}
          onChange={(chosen) => actions.onChoose(id, chosen)}
        />
        {item && (
          <BannerComponents
            banner={node.banner}
            item={item}
            disabled={readOnly || locked}
            onAdd={(type) => actions.onAddBanner(id, type)}
            onTime={(index, mmSs) => actions.onBannerTime(id, index, mmSs)}
            onType={(index, type) => actions.onBannerType(id, index, type)}
          />
        )}
        {selected && !readOnly && !locked ? (
          <NodeLogicEditor
            node={node}
            plot={plot}
            variables={context.variables}
            plotName={context.plotName}
            onChange={(patch) => actions.onLogic(id, patch)}
          />
        ) : (
          <LogicSummary
            node={node}
            optionCount={(context.children.get(id) ?? []).length}
            plotName={context.plotName}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** Rows measured before they are rendered are taken to be this tall. */
const ESTIMATED_ROW_PX = 190;
/** Rows rendered beyond the screen on each side: scrolling shows cards already there. */
const OVERSCAN_ROWS = 8;
const ROW_GAP_PX = 12;
/** Deeper plots are indented no further, so a long path keeps its cards readable. */
const MAX_INDENT_LEVELS = 6;

/**
 * The plot builder of §2 step 3: the storyline as a tree of clip and bridge pickers, each with its
 * lock, its menu ('Add Bridge', 'End Clip', 'Add More Options'), delete and banner components.
 * It shows the values it is given and reports what the user does; it changes nothing itself.
 * The tree is one flat list in reading order, indented by depth and windowed: only the cards near
 * the screen are rendered, so a storyline of thousands of plots opens and scrolls like a short one.
 */
export function PlotBuilder({ plot, ...props }: PlotBuilderProps) {
  const { t } = useTranslation();
  const children = useMemo(() => childrenOf(plot), [plot]);
  const rows = useMemo(() => builderRows(plot), [plot]);
  const plotItems = useMemo(() => plotItemsOf(props.items), [props.items]);
  const context: Context = { ...props, plot, children, plotItems };
  const list = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    gap: ROW_GAP_PX,
    scrollMargin: listTop,
    getItemKey: (index) => rows[index]!.node.movie_plot_id,
  });

  // The window scrolls the page: the list's offset in it is where its rows begin. What sits above
  // the list (the variables, an alert) changes height, which moves the list: the page's size is
  // watched, not only the window's.
  useLayoutEffect(() => {
    const measure = () =>
      setListTop((list.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    const page = new ResizeObserver(measure);
    page.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      page.disconnect();
    };
  }, [rows.length]);

  // A plot selected elsewhere (the graph) is brought into view.
  const selectedIndex = rows.findIndex((row) => row.node.movie_plot_id === props.selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, borderStyle: 'dashed', textAlign: 'center' }}>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>
          {t('projectWizard.stepThree.empty')}
        </Typography>
        {!props.readOnly && (
          <Button
            variant="contained"
            startIcon={<AddCircleOutline />}
            onClick={props.actions.onStart}
          >
            {t('projectWizard.stepThree.start')}
          </Button>
        )}
      </Paper>
    );
  }
  return (
    <Box
      component="ul"
      ref={list}
      aria-label={t('projectWizard.stepThree.builder')}
      sx={{ m: 0, p: 0, position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((virtual) => {
        const { node, depth } = rows[virtual.index]!;
        return (
          <Box
            component="li"
            key={virtual.key}
            data-index={virtual.index}
            ref={virtualizer.measureElement}
            aria-setsize={rows.length}
            aria-posinset={virtual.index + 1}
            sx={{
              listStyle: 'none',
              position: 'absolute',
              top: 0,
              insetInlineStart: 0,
              width: '100%',
              paddingInlineStart: {
                xs: `${Math.min(depth, MAX_INDENT_LEVELS) * 12}px`,
                sm: `${Math.min(depth, MAX_INDENT_LEVELS) * 24}px`,
              },
            }}
            style={{ transform: `translateY(${virtual.start - listTop}px)` }}
          >
            <PlotCard node={node} context={context} />
          </Box>
        );
      })}
    </Box>
  );
}
