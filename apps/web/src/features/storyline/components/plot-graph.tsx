import AltRoute from '@mui/icons-material/AltRoute';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Redo from '@mui/icons-material/Redo';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatCondition, type MovieContentStatus, type PlotNode } from '@plotline/core';
import {
  Background,
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  getBezierPath,
  getSmoothStepPath,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { captionOf } from '../../../lib/caption-of.ts';
import { ItemThumbnail } from '../../../components/item-thumbnail.tsx';
import { useLogicWords } from '../../../lib/use-logic-words.ts';
import {
  GRAPH_NODE_HEIGHT,
  GRAPH_NODE_WIDTH,
  GRAPH_RANK_GAP,
  layoutPlot,
  openingViewport,
  type PlacedPlot,
} from '../model/plot-graph-layout.ts';
import { nodeNext, storyLinks, type NodeNext } from '../model/plot-graph-links.ts';

interface GraphNodeData extends Record<string, unknown> {
  item: MovieContentStatus | undefined;
  caption: string;
  ending: boolean;
  locked: boolean;
  selected: boolean;
  clickable: boolean;
  share: PlotGraphShare | undefined;
  /** How the story goes on from the node when it does not simply wait for the viewer. */
  next: NodeNext;
}

interface GraphEdgeData extends Record<string, unknown> {
  /** The option's condition as people read it; null when it is always shown. */
  condition: string | null;
  /** "Default" or "Fallback" on the option a timer or an automatic branch takes. */
  mark: string | null;
  share: PlotGraphShare | undefined;
  /** A "continue at" link rather than an option: drawn dashed, with an arrow. */
  link: boolean;
}

type GraphEdge = Edge<GraphEdgeData, 'logic'>;

/** A figure drawn on an option: on its node and on the edge that leads to it. */
export interface PlotGraphShare {
  /** Short, e.g. "62%". */
  label: string;
  /** The whole sentence, for a tooltip and assistive technology. */
  description: string;
}

type GraphNode = Node<GraphNodeData, 'plot'>;

/** Below this zoom a node is a few pixels wide: its picture and words could not be read anyway. */
const DETAIL_ZOOM = 0.2;

/**
 * A node seen from far: a tinted block, no picture or text. A long story zoomed out to fit shows
 * hundreds of nodes, which stay cheap to draw and to pan.
 */
function DistantNode({ data }: { data: GraphNodeData }) {
  return (
    <Box
      aria-label={data.caption || data.item?.file_name}
      sx={{
        width: GRAPH_NODE_WIDTH,
        height: GRAPH_NODE_HEIGHT,
        borderRadius: 1.5,
        border: data.selected ? 8 : 4,
        borderColor: data.selected ? 'primary.main' : data.ending ? 'success.main' : 'divider',
        bgcolor: 'background.paper',
        cursor: data.clickable ? 'pointer' : 'default',
      }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </Box>
  );
}

const PlotGraphNode = memo(function PlotGraphNode({ data }: NodeProps<GraphNode>) {
  const { t } = useTranslation();
  // Only crossing the threshold re-renders the nodes; panning and zooming within it do not.
  const distant = useStore((state) => state.transform[2] < DETAIL_ZOOM);
  if (distant) return <DistantNode data={data} />;
  return (
    <Box
      sx={(theme) => ({
        width: GRAPH_NODE_WIDTH,
        height: GRAPH_NODE_HEIGHT,
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        borderRadius: 1.5,
        border: data.selected ? 2 : 1,
        borderColor: data.selected ? 'primary.main' : data.ending ? 'success.main' : 'divider',
        bgcolor: 'background.paper',
        boxShadow: theme.shadows[1],
        cursor: data.clickable ? 'pointer' : 'default',
        position: 'relative',
      })}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      {data.share && (
        <Typography
          variant="caption"
          title={data.share.description}
          aria-label={data.share.description}
          sx={{
            position: 'absolute',
            top: 4,
            insetInlineEnd: 4,
            px: 0.75,
            borderRadius: 1,
            fontWeight: 700,
            color: 'primary.contrastText',
            bgcolor: 'primary.main',
          }}
        >
          {data.share.label}
        </Typography>
      )}
      <Box sx={{ alignSelf: 'center' }}>
        <ItemThumbnail item={data.item} width={120} />
      </Box>
      <Typography
        variant="caption"
        dir="auto"
        noWrap
        title={data.caption}
        sx={{ fontWeight: 600, lineHeight: 1.3 }}
      >
        {data.caption || data.item?.file_name || t('projectWizard.stepThree.choose')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', minHeight: 16 }}>
        {data.ending && (
          <Typography
            variant="caption"
            sx={{ color: 'success.main', display: 'flex', alignItems: 'center', gap: 0.25 }}
          >
            <FlagOutlined aria-hidden sx={{ fontSize: 14 }} />
            {t('projectWizard.stepThree.ending')}
          </Typography>
        )}
        <NextMark next={data.next} />
        {data.locked && (
          <LockOutlined
            aria-label={t('projectWizard.stepThree.locked')}
            sx={{ fontSize: 14, color: 'warning.main', marginInlineStart: 'auto' }}
          />
        )}
      </Box>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </Box>
  );
});

/** The timer, the automatic branch or the link of a node, beside its ending mark. */
function NextMark({ next }: { next: NodeNext }) {
  const { t } = useTranslation();
  if (next === null) return null;
  const [Icon, text] =
    next.kind === 'timer'
      ? [TimerOutlined, t('storyLogic.graph.timer', { seconds: next.seconds })]
      : next.kind === 'auto'
        ? [AltRoute, t('storyLogic.graph.auto')]
        : [Redo, t('storyLogic.graph.continues')];
  return (
    <Typography
      variant="caption"
      sx={{ color: 'text.secondary', display: 'flex', alignItems: 'center', gap: 0.25 }}
    >
      <Icon aria-hidden sx={{ fontSize: 14 }} />
      {text}
    </Typography>
  );
}

/**
 * An edge of the graph: to an option, with its condition, figure and default mark written just
 * above the option (where siblings' labels cannot overlap: each is at most a node wide); or a
 * "continue at" link, dashed.
 */
function LogicEdge({
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  markerEnd,
}: EdgeProps<GraphEdge>) {
  const distant = useStore((state) => state.transform[2] < DETAIL_ZOOM);
  const geometry = { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition };
  const [path] = data?.link ? getBezierPath(geometry) : getSmoothStepPath(geometry);
  const words = [data?.share?.label, data?.mark, data?.condition].filter(Boolean).join(' · ');
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={markerEnd}
        style={
          data?.link
            ? { strokeDasharray: '6 4', strokeWidth: 2 }
            : data?.mark
              ? { strokeWidth: 2.5 }
              : undefined
        }
      />
      {!distant && words !== '' && !data?.link && (
        <EdgeLabelRenderer>
          <Box
            title={words}
            dir="auto"
            sx={(theme) => ({
              position: 'absolute',
              transform: `translate(-50%, -50%) translate(${targetX}px, ${targetY - GRAPH_RANK_GAP / 4}px)`,
              maxWidth: GRAPH_NODE_WIDTH - 8,
              px: 0.75,
              borderRadius: 1,
              border: 1,
              borderColor: data?.mark ? 'primary.main' : 'divider',
              bgcolor: 'background.paper',
              color: 'text.primary',
              ...theme.typography.caption,
              lineHeight: '18px',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              pointerEvents: 'all',
            })}
          >
            {words}
          </Box>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { plot: PlotGraphNode };
const edgeTypes = { logic: LogicEdge };

/** React Flow's zoom buttons: 26 px wide, 15 px from the pane's edge; the opening view keeps clear. */
const CONTROLS_STRIP = 48;

/**
 * Puts the view where the story opens (`openingViewport`) once the pane has its size. Positions and
 * sizes come from the layout, so nothing waits for React Flow to measure nodes: with only the nodes
 * in view rendered, most nodes of a long story are never measured. Only the first view is set; the
 * fit button shows the whole story.
 */
function OpeningView({ placed, rtl }: { placed: readonly PlacedPlot[]; rtl: boolean }) {
  const { setViewport } = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || width === 0 || height === 0) return;
    const viewport = openingViewport(
      placed,
      width,
      height,
      rtl ? { left: 0, right: CONTROLS_STRIP } : { left: CONTROLS_STRIP, right: 0 },
    );
    if (viewport === null) return;
    done.current = true;
    void setViewport(viewport);
  }, [placed, width, height, rtl, setViewport]);
  return null;
}

export interface PlotGraphProps {
  plot: readonly PlotNode[];
  items: readonly MovieContentStatus[];
  languageId: number | null;
  selectedId?: number | null;
  /** Without it the graph is only looked at: nodes are not clickable. */
  onSelect?: (id: number) => void;
  /** Figures per option node (by plot id), drawn on the node and on the edge leading to it. */
  shares?: ReadonlyMap<number, PlotGraphShare>;
  /** The region's name; the editor's by default. */
  label?: string;
}

/**
 * The whole story as a graph (a tidy tree, top to bottom): thumbnails and captions, endings
 * marked; options' conditions on their edges, timers and automatic branches on their nodes (their
 * default or fallback edge marked), "continue at" links dashed; pan, zoom and fit; only what is in
 * view is rendered, so long stories stay fluid.
 */
export function PlotGraph({
  plot,
  items,
  languageId,
  selectedId = null,
  onSelect,
  shares,
  label,
}: PlotGraphProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const words = useLogicWords();
  const placed = useMemo(() => layoutPlot(plot, rtl), [plot, rtl]);
  const itemOf = useMemo(
    () => new Map(items.map((item) => [item.movie_content_id, item])),
    [items],
  );
  const optionCount = useMemo(() => {
    const count = new Map<number, number>();
    for (const node of plot) {
      if (node.parent_id !== null) count.set(node.parent_id, (count.get(node.parent_id) ?? 0) + 1);
    }
    return count;
  }, [plot]);
  const nodes = useMemo<GraphNode[]>(
    () =>
      placed.map(({ node, x, y, ending }) => {
        const item = node.movie_content_id === null ? undefined : itemOf.get(node.movie_content_id);
        return {
          id: String(node.movie_plot_id),
          type: 'plot',
          position: { x, y },
          draggable: false,
          connectable: false,
          data: {
            item,
            caption: item ? captionOf(item, languageId) : '',
            ending: ending && node.goto_id === null && node.movie_content_id !== null,
            locked: node.locked === '1',
            selected: node.movie_plot_id === selectedId,
            clickable: onSelect !== undefined,
            share: shares?.get(node.movie_plot_id),
            next: nodeNext(node, optionCount.get(node.movie_plot_id) ?? 0),
          },
        };
      }),
    [placed, itemOf, languageId, selectedId, onSelect, shares, optionCount],
  );
  const edges = useMemo<GraphEdge[]>(() => {
    const nodeOf = new Map(plot.map((node) => [node.movie_plot_id, node]));
    const nameOf = (id: number) => {
      const contentId = nodeOf.get(id)?.movie_content_id;
      const item = contentId == null ? undefined : itemOf.get(contentId);
      return item ? captionOf(item, languageId) || item.file_name : String(id);
    };
    return storyLinks(plot).map(({ from, to, kind, mark, condition }): GraphEdge => {
      const names = { from: nameOf(from), to: nameOf(to) };
      if (kind === 'goto') {
        return {
          id: `goto-${String(from)}-${String(to)}`,
          source: String(from),
          target: String(to),
          type: 'logic',
          markerEnd: { type: MarkerType.ArrowClosed },
          data: { condition: null, mark: null, share: undefined, link: true },
          ariaLabel: t('storyLogic.graph.link', names),
        };
      }
      const markText = mark && t(`storyLogic.graph.${mark}`);
      const conditionText = condition && formatCondition(condition, words);
      return {
        id: `${String(from)}-${String(to)}`,
        source: String(from),
        target: String(to),
        type: 'logic',
        data: { condition: conditionText, mark: markText, share: shares?.get(to), link: false },
        ariaLabel: [
          t('storyLogic.graph.option', names),
          markText,
          conditionText && t('storyLogic.summary.onlyWhen', { condition: conditionText }),
        ]
          .filter(Boolean)
          .join('. '),
      };
    });
  }, [plot, shares, itemOf, languageId, words, t]);

  return (
    <Box
      role="region"
      aria-label={label ?? t('projectWizard.stepThree.graph')}
      // React Flow positions in left-to-right coordinates; a right-to-left story is mirrored by the
      // layout instead, so options read from the right.
      dir="ltr"
      sx={{
        height: { xs: 320, md: 420 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.default',
      }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        colorMode={theme.palette.mode}
        onlyRenderVisibleElements
        minZoom={0.05}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onNodeClick={onSelect && ((_event, node) => onSelect(Number(node.id)))}
      >
        <OpeningView placed={placed} rtl={rtl} />
        <Background />
        <Controls showInteractive={false} position={rtl ? 'bottom-right' : 'bottom-left'} />
      </ReactFlow>
    </Box>
  );
}
