/**
 * Follows ffmpeg's `-progress pipe:1` report: blocks of `key=value` lines, each closed by
 * `progress=continue` or, once, `progress=end`. Percent is the encoded time against the source's
 * probed duration, in whole numbers, reported only when it grows.
 */
export function createProgressTracker(
  durationSeconds: number,
  onPercent: (percent: number) => void,
): (line: string) => void {
  let reported = -1;
  let outTimeMicroseconds = 0;
  const report = (percent: number) => {
    if (percent > reported) {
      reported = percent;
      onPercent(percent);
    }
  };
  return (line) => {
    const separator = line.indexOf('=');
    if (separator < 0) return;
    const key = line.slice(0, separator).trim();
    const value = line.slice(separator + 1).trim();
    if (key === 'out_time_us') {
      // "N/A" before the first frame is out.
      const parsed = Number(value);
      if (Number.isFinite(parsed) && parsed > 0) outTimeMicroseconds = parsed;
    } else if (key === 'progress') {
      if (value === 'end') report(100);
      else if (durationSeconds > 0) {
        const fraction = outTimeMicroseconds / (durationSeconds * 1_000_000);
        // 100 is kept for the end: the last frames may still be flushing when time reaches the end.
        report(Math.min(99, Math.floor(fraction * 100)));
      }
    }
  };
}
