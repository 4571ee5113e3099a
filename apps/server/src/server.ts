import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBlobStore } from './adapters/open-blob-store.ts';
import { removeDeadProcessesFolders } from './adapters/scratch-folders.ts';
import { offsetClock, systemClock } from './adapters/clock.ts';
import { createFfmpeg } from './adapters/ffmpeg/ffmpeg.ts';
import { resolveFfmpeg } from './adapters/ffmpeg/resolve-ffmpeg.ts';
import { createOutboxMailer, createSmtpMailer, type MailLog } from './adapters/mailer.ts';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config/env.ts';
import { openDatabase, pgliteDirectory } from './db/database.ts';
import { createSessionsRepository } from './modules/sessions/sessions.repository.ts';

// The built studio and player, two levels up from both src/server.ts and dist/server.js.
const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
const PLAYER_ROOT = fileURLToPath(new URL('../../player/dist', import.meta.url));

async function main(config: Config): Promise<void> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: pgliteDirectory(config.dataDir),
  });
  await database.migrate();

  // Without JWT_SECRET, every process on this database shares one secret made on first start.
  const jwtSecret =
    config.jwtSecret ??
    (await createSessionsRepository(database.db).getOrCreateSecret(
      'jwt',
      randomBytes(48).toString('base64url'),
    ));

  const workDir = path.join(config.dataDir, 'work');
  const ffmpeg = await resolveFfmpeg({ ...config.ffmpeg, workDir: path.join(workDir, 'ffmpeg') });
  // Requests that were streaming in when a process stopped will never finish; other API
  // processes on this DATA_DIR may be receiving theirs.
  await removeDeadProcessesFolders(path.join(workDir, 'incoming'));
  const blobs = await openBlobStore(config.s3, { dataDir: config.dataDir, workDir });

  // The outbox logs through the app's logger, which exists once the app is built.
  const mailLog: MailLog = { info: (message) => app.log.info(message) };
  const { app, services } = await buildApp({
    database,
    jwtSecret,
    webRoot: WEB_ROOT,
    playerRoot: PLAYER_ROOT,
    publicUrl: config.publicUrl,
    mailer: config.mail.smtpUrl
      ? createSmtpMailer(config.mail.smtpUrl, config.mail.from)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mail.from, mailLog),
    blobs,
    s3: config.s3,
    ffmpeg: createFfmpeg(ffmpeg),
    workDir,
    transcodeWorkers: config.transcodeWorkers,
    queueTiming: config.queueTiming,
    trustProxy: config.trustProxy,
    logger: { level: config.logLevel },
    clock: config.clockOffsetFile ? offsetClock(config.clockOffsetFile) : systemClock,
    appCompanyId: config.appCompanyId ?? null,
    maintenanceForced: config.maintenance,
    termsFile: config.termsFile,
    identityProviders: config.identityProviders,
    metricsToken: config.metrics.token,
  });

  if (config.clockOffsetFile) {
    app.log.warn(
      `The clock runs by the offset in ${config.clockOffsetFile} (tests and demos only).`,
    );
  }
  if (config.maintenance) {
    app.log.warn('MAINTENANCE=true: the API refuses writes but for the root user and the players.');
  }
  app.log.info(
    `Media tools: ${ffmpeg.ffmpegVersion} [${ffmpeg.ffmpegSource}], ${ffmpeg.ffprobeVersion} [${ffmpeg.ffprobeSource}]`,
  );
  app.log.info(
    config.s3
      ? `Media on S3: bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
      : `Media in ${path.join(config.dataDir, 'blobs')}`,
  );
  // Resumable uploads nobody came back to for a day.
  setInterval(() => void services.tus.deleteExpired().catch(() => {}), 3_600_000).unref();

  const root = await services.accounts.ensureRootUser(config.admin);
  if (root) {
    app.log.warn(
      root.generated
        ? `Created the root user ${config.admin.email} with the generated password ${root.password} — it is shown only this once.`
        : `Created the root user ${config.admin.email} with the password from ADMIN_PASSWORD.`,
    );
  }

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Plotline studio at http://${config.host}:${config.port} (${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main(loadConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
