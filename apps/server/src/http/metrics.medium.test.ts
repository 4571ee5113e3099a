import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMetrics } from '../adapters/metrics.ts';
import { startJobQueue } from '../adapters/job-queue.ts';
import { TEST_QUEUE_TIMING } from '../test/test-media-pipeline.ts';
import { projectCallers, projectFactories } from '../test/test-projects.ts';
import { startTestServer } from '../test/test-server.ts';
import { listenForMetrics } from './metrics.ts';

const TOKEN = 'a-metrics-token-for-the-tests';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist, and is not taken for one of the studio’s pages', async () => {
    const webRoot = await mkdtemp(path.join(tmpdir(), 'plotline-web-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Plotline</title>');
    const server = await startTestServer({ webRoot });
    try {
      for (const pathname of ['/metrics', '/metrics?name[]=up']) {
        const response = await server.request('GET', pathname, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(response.status, pathname).toBe(404);
        expect(response.body).toEqual({ message: 'Not found' });
      }
      // The studio's own routes still get its page.
      expect((await server.request('GET', '/metrics-of-my-story')).status).toBe(200);
    } finally {
      await server.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', async () => {
  const server = await startTestServer({ metricsToken: TOKEN, transcodeWorkers: 1 });
  const make = await projectFactories(server);
  afterAll(async () => {
    await server.close();
    await make.cleanUp();
  });
  const scrape = (authorization?: string) =>
    server.request('GET', '/metrics', { headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token or with another', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await scrape(authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(response.body).toEqual({
        message: 'The metrics need the METRICS_TOKEN as a Bearer token',
      });
    }
  });

  it('times requests by route pattern and status class, and counts the queue and a transcode', async () => {
    const { owner } = await projectCallers(server);
    const movieId = await make.makeProject(owner.token);
    await server.request('GET', `/api/transcoder/movie-status/${movieId}`, { token: owner.token });
    await server.request('GET', '/api/transcoder/movie-status/424242', { token: owner.token });
    await server.request('GET', '/api/no-such-call/1');
    await server.request('GET', '/api/no-such-call/2');
    const clip = await make.uploadClip(owner.token, movieId);
    await expect
      .poll(async () => (await make.statusOf(owner.token, movieId))[0]?.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('ready');
    expect(clip.status).toBe('queued');
    // The job's duration is recorded once its handler has returned, just after the row is ready.
    const jobDone = 'plotline_job_duration_seconds_count{kind="transcode",outcome="ready"}';
    const response = await vi.waitFor(
      async () => {
        const scraped = await scrape(`Bearer ${TOKEN}`);
        expect(valueOf(scraped.text, jobDone)).toBe(1);
        return scraped;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    const route = '/api/transcoder/movie-status/:movieId';
    expect(
      valueOf(
        text,
        `plotline_http_request_duration_seconds_count{method="GET",route="${route}",status_class="2xx"}`,
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(
        text,
        `plotline_http_request_duration_seconds_count{method="GET",route="${route}",status_class="4xx"}`,
      ),
    ).toBe(1);
    // Ids in the path are not labels: one series per route, and one for all paths of none.
    expect(text).not.toMatch(/route="[^"]*(424242|no-such-call)/);
    expect(
      valueOf(
        text,
        'plotline_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}',
      ),
    ).toBe(2);
    for (const state of ['ready', 'deferred', 'active', 'failed']) {
      expect(valueOf(text, `plotline_job_queue_depth{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(text, jobDone)).toBe(1);
    expect(valueOf(text, 'plotline_transcode_seconds_per_output_second_count')).toBe(1);
    expect(valueOf(text, 'plotline_transcode_seconds_per_output_second_sum')).toBeGreaterThan(0);
    expect(text).toContain('plotline_process_cpu_seconds_total');
  });
});

describe("the worker's metrics listener", () => {
  it('serves the queue depth behind the token, on a port of its own', async () => {
    const server = await startTestServer();
    const queue = await startJobQueue(server.database.queueConnection, TEST_QUEUE_TIMING);
    const metrics = createMetrics();
    metrics.watchQueue(queue);
    const listener = await listenForMetrics(metrics, TOKEN, { port: 0, host: '127.0.0.1' });
    try {
      const { port } = listener.server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const depth = async () => {
        const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(response.status).toBe(200);
        return valueOf(await response.text(), 'plotline_job_queue_depth{state="ready"}');
      };
      expect(await depth()).toBe(0);
      // Nothing works this queue: the job waits, and the monitor counts it within its interval.
      await queue.send({ kind: 'transcode', movieContentId: 1, attempt: 1 });
      await expect.poll(depth, { timeout: 10_000, interval: 250 }).toBe(1);
    } finally {
      await listener.close();
      await queue.stop();
      await server.close();
    }
  });
});
