import FlagOutlined from '@mui/icons-material/FlagOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { MovieContentStatus, PlotNode } from '@plotline/core';
import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { captionOf } from '../../../lib/caption-of.ts';
import { ItemThumbnail } from '../../../components/item-thumbnail.tsx';
import {
  GRAPH_NODE_HEIGHT,
  GRAPH_NODE_WIDTH,
  layoutPlot,
  openingViewport,
  type PlacedPlot,
} from '../model/plot-graph-layout.ts';

interface GraphNodeData extends Record<string, unknown> {
  item: MovieContentStatus | undefined;
  caption: string;
  ending: boolean;
  locked: boolean;
  selected: boolean;
  clickable: boolean;
  share: PlotGraphShare | undefined;
}

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

const nodeTypes = { plot: PlotGraphNode };

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
 * marked; pan, zoom and fit; only what is in view is rendered, so long stories stay fluid.
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
  const placed = useMemo(() => layoutPlot(plot, rtl), [plot, rtl]);
  const itemOf = useMemo(
    () => new Map(items.map((item) => [item.movie_content_id, item])),
    [items],
  );
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
            ending: ending && node.movie_content_id !== null,
            locked: node.locked === '1',
            selected: node.movie_plot_id === selectedId,
            clickable: onSelect !== undefined,
            share: shares?.get(node.movie_plot_id),
          },
        };
      }),
    [placed, itemOf, languageId, selectedId, onSelect, shares],
  );
  const edges = useMemo<Edge[]>(
    () =>
      plot
        .filter((node) => node.parent_id !== null)
        .map((node) => ({
          id: `${String(node.parent_id)}-${String(node.movie_plot_id)}`,
          source: String(node.parent_id),
          target: String(node.movie_plot_id),
          type: 'smoothstep',
          label: shares?.get(node.movie_plot_id)?.label,
        })),
    [plot, shares],
  );

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
