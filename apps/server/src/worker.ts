import path from 'node:path';
import { openBlobStore } from './adapters/open-blob-store.ts';
import { systemClock } from './adapters/clock.ts';
import { createFfmpeg } from './adapters/ffmpeg/ffmpeg.ts';
import { createMetrics } from './adapters/metrics.ts';
import { resolveFfmpeg } from './adapters/ffmpeg/resolve-ffmpeg.ts';
import { startMediaPipeline } from './app.ts';
import { loadConfig, type Config } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { listenForMetrics } from './http/metrics.ts';
import { createMediaJobHandlers } from './modules/transcoding/media-jobs.ts';

/**
 * A transcode worker without the API (`npm run worker`), for running several on one PostgreSQL and
 * blob store. The embedded database belongs to the API process, so workers need DATABASE_URL.
 */
async function main(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL: the embedded database can only be used by the studio process, which runs its own workers (TRANSCODE_WORKERS).',
    );
  }
  const { token: metricsToken, port: metricsPort } = config.metrics;
  if (metricsPort !== undefined && !metricsToken) {
    throw new Error('METRICS_PORT serves the metrics to the bearer of METRICS_TOKEN: set both.');
  }
  // Served on a port of its own: the worker has no other HTTP side.
  const scrape =
    metricsToken && metricsPort !== undefined
      ? { metrics: createMetrics(), token: metricsToken, port: metricsPort }
      : null;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: null });
  await database.migrate();
  const workDir = path.join(config.dataDir, 'work');
  const binaries = await resolveFfmpeg({ ...config.ffmpeg, workDir: path.join(workDir, 'ffmpeg') });
  const { queue, transcoding, linearCuts } = await startMediaPipeline(
    {
      database,
      blobs: await openBlobStore(config.s3, { dataDir: config.dataDir, workDir }),
      ffmpeg: createFfmpeg(binaries),
      workDir,
      queueTiming: config.queueTiming,
      clock: systemClock,
      transcodeObserver: scrape?.metrics.transcodes,
    },
    (error) => console.error('job queue error:', error.message),
  );
  scrape?.metrics.watchQueue(queue);
  const metricsListener = scrape
    ? await listenForMetrics(scrape.metrics, scrape.token, { port: scrape.port, host: config.host })
    : null;
  if (scrape) console.log(`Metrics at http://${config.host}:${scrape.port}/metrics`);
  const concurrency = Math.max(1, config.transcodeWorkers);
  await queue.work(createMediaJobHandlers({ transcoding, linearCuts }), { concurrency });
  console.log(
    `Transcode worker ready: ${concurrency} at a time, ${binaries.ffmpegVersion} [${binaries.ffmpegSource}]`,
  );

  const shutdown = async (signal: string) => {
    console.log(`${signal} received: stopping; running jobs go back to the queue`);
    await metricsListener?.close();
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main(loadConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
