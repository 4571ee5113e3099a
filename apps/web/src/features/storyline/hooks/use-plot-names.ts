import {
  CONTENT_TYPE,
  expectedContentType,
  type MovieContentStatus,
  type PlotNode,
} from '@plotline/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { captionOf } from '../../../lib/caption-of.ts';

/**
 * How the story logic names a plot in a picker, the story check or the graph: its item's caption
 * in the chosen language, else its file name, else "Clip (not chosen yet)".
 */
export function usePlotNames(
  plot: readonly PlotNode[],
  items: readonly MovieContentStatus[],
  languageId: number | null,
): (id: number) => string {
  const { t } = useTranslation();
  const nodeOf = useMemo(() => new Map(plot.map((node) => [node.movie_plot_id, node])), [plot]);
  const itemOf = useMemo(
    () => new Map(items.map((item) => [item.movie_content_id, item])),
    [items],
  );
  return useCallback(
    (id: number) => {
      const node = nodeOf.get(id);
      const item = node?.movie_content_id == null ? undefined : itemOf.get(node.movie_content_id);
      if (item) return captionOf(item, languageId) || item.file_name;
      const kind = node ? expectedContentType(plot, id) : null;
      return t('storyLogic.unnamed', {
        kind: t(
          kind === CONTENT_TYPE.bridge
            ? 'projectWizard.stepThree.bridge'
            : 'projectWizard.stepThree.clip',
        ),
      });
    },
    [nodeOf, itemOf, languageId, plot, t],
  );
}
