/** What a rendition is compared by: its picture size when known, else its bitrate. */
export interface RenditionShape {
  width?: number;
  height?: number;
  bandwidth: number;
}

const shortSide = ({ width, height }: RenditionShape) =>
  width !== undefined && height !== undefined ? Math.min(width, height) : undefined;

/**
 * The candidate that best stands in for `level` when items' ladders differ: the largest picture
 * that is not larger than the level's (so switching items never raises the bitrate ABR chose), or
 * the smallest there is when all are larger. Pictures are compared by their short side, as our
 * ladder names its rungs (720p is 1280x720 and 720x1280 alike); candidates without a size, or a
 * level without one, are compared by bitrate. Among equals, the bitrate nearest the level's wins.
 * Returns the candidate's index.
 */
export function matchRendition(
  level: RenditionShape,
  candidates: readonly RenditionShape[],
): number {
  if (candidates.length === 0) throw new Error('No rendition to choose from');
  const levelSize = shortSide(level);
  const bySize = levelSize !== undefined && candidates.every((c) => shortSide(c) !== undefined);
  const measure = (shape: RenditionShape) => (bySize ? shortSide(shape)! : shape.bandwidth);
  const target = bySize ? levelSize : level.bandwidth;

  const indexed = candidates.map((candidate, index) => ({ index, value: measure(candidate) }));
  const fitting = indexed.filter(({ value }) => value <= target);
  const pool = fitting.length > 0 ? fitting : indexed;
  const best =
    fitting.length > 0
      ? Math.max(...pool.map((c) => c.value))
      : Math.min(...pool.map((c) => c.value));
  const tied = pool.filter(({ value }) => value === best);
  tied.sort(
    (a, b) =>
      Math.abs(candidates[a.index]!.bandwidth - level.bandwidth) -
      Math.abs(candidates[b.index]!.bandwidth - level.bandwidth),
  );
  return tied[0]!.index;
}
