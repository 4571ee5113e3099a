import type { SegmentRow } from '@plotline/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A segment's name as Segment Management shows it: a preset's translated, a custom one's own. */
export function useSegmentLabel(): (segment: Pick<SegmentRow, 'name' | 'preset'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (segment) =>
      segment.preset
        ? t(`appSegments.presetNames.${segment.preset}`, { defaultValue: segment.name })
        : segment.name,
    [t],
  );
}
