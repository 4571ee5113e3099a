import { describe, expect, it } from 'vitest';
import { createProgressTracker } from './progress.ts';

function feed(durationSeconds: number, report: string): number[] {
  const percents: number[] = [];
  const track = createProgressTracker(durationSeconds, (percent) => percents.push(percent));
  for (const line of report.split('\n')) track(line);
  return percents;
}

describe('the -progress tracker', () => {
  it('turns out_time_us against the duration into whole percents, then 100 at the end', () => {
    const report = [
      'frame=0',
      'out_time_us=N/A',
      'progress=continue',
      'out_time_us=2500000',
      'out_time_ms=2500000',
      'progress=continue',
      'out_time_us=7512000',
      'progress=continue',
      'out_time_us=10000000',
      'progress=continue',
      'out_time_us=10000000',
      'progress=end',
    ].join('\n');
    expect(feed(10, report)).toEqual([0, 25, 75, 99, 100]);
  });

  it('never goes backwards and reports each percent once', () => {
    const report = [
      'out_time_us=5000000',
      'progress=continue',
      'out_time_us=4000000',
      'progress=continue',
      'out_time_us=5000000',
      'progress=continue',
    ].join('\n');
    expect(feed(10, report)).toEqual([50]);
  });

  it('still reports the end when the duration is unknown', () => {
    expect(feed(0, 'out_time_us=1000\nprogress=continue\nprogress=end')).toEqual([100]);
  });
});
