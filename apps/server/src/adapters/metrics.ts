import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue, QueueDepth } from './job-queue.ts';

/** A transcode run as the transcoding service reports it (its TranscodeRun). */
interface TranscodeRunEnded {
  outcome: 'ready' | 'failed' | 'retry' | 'interrupted' | 'superseded';
  seconds: number;
  outputSeconds: number | null;
}

const QUEUE_STATES: (keyof QueueDepth)[] = ['ready', 'deferred', 'active', 'failed'];

/**
 * The process's Prometheus metrics (prom-client), in a registry of its own so that several apps in
 * one process (the tests) count apart. Services never see prom-client: they report to the plain
 * observers this hands out (`transcodes`), and the HTTP layer to `observeRequest`.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'plotline_' });

  const requests = new Histogram({
    name: 'plotline_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, from arrival to the last byte sent',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const jobDurations = new Histogram({
    name: 'plotline_job_duration_seconds',
    help: 'Runs of queued jobs by kind and outcome (ready, failed, retry, interrupted, superseded)',
    labelNames: ['kind', 'outcome'],
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'plotline_job_failures_total',
    help: 'Failed job runs by kind; final="true" when no retry follows (recorded as failed)',
    labelNames: ['kind', 'final'],
    registers: [registry],
  });
  const transcodeSpeed = new Histogram({
    name: 'plotline_transcode_seconds_per_output_second',
    help: 'Wall-clock seconds a finished transcode took per second of video it made',
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
    registers: [registry],
  });
  let queue: Pick<JobQueue, 'depth'> | null = null;
  new Gauge({
    name: 'plotline_job_queue_depth',
    help: "Jobs of the media queue by state, as the queue's monitor last counted them; the same from every process",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      if (!queue) return;
      const depth = await queue.depth();
      for (const state of QUEUE_STATES) this.set({ state }, depth[state]);
    },
  });

  return {
    contentType: registry.contentType,
    /** The exposition text of every metric, read at the moment of the scrape. */
    text: () => registry.metrics(),
    /** The queue whose depth the gauge reports; it exists only after the metrics are made. */
    watchQueue(watched: Pick<JobQueue, 'depth'>): void {
      queue = watched;
    },
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      requests.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    transcodes: {
      runEnded({ outcome, seconds, outputSeconds }: TranscodeRunEnded): void {
        jobDurations.observe({ kind: 'transcode', outcome }, seconds);
        if (outcome === 'failed' || outcome === 'retry') {
          jobFailures.inc({ kind: 'transcode', final: String(outcome === 'failed') });
        }
        if (outcome === 'ready' && outputSeconds) transcodeSpeed.observe(seconds / outputSeconds);
      },
      gaveUp(): void {
        jobFailures.inc({ kind: 'transcode', final: 'true' });
      },
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
