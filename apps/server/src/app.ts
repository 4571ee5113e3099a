import fastifyMultipart from '@fastify/multipart';
import { TUS_UPLOAD_EXPIRY_MS } from '@plotline/core';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlobStore } from './adapters/blob-store.ts';
import { systemClock, type Clock } from './adapters/clock.ts';
import type { Ffmpeg } from './adapters/ffmpeg/ffmpeg.ts';
import { DEFAULT_QUEUE_TIMING, startJobQueue, type JobQueueTiming } from './adapters/job-queue.ts';
import type { Mailer } from './adapters/mailer.ts';
import { createOpenIdConnect } from './adapters/openid-connect.ts';
import type { S3Settings } from './adapters/s3-blob-store.ts';
import { removeDeadProcessesFolders } from './adapters/scratch-folders.ts';
import { argon2Hasher, type PasswordHasher } from './adapters/password-hasher.ts';
import type { IdentityProviderConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { transactionRunner } from './db/transaction.ts';
import { registerAccessGuard } from './http/access.ts';
import { registerActivityLog } from './http/activity-log.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerMaintenance } from './http/maintenance.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerRequestIds, requestIdGenerator } from './http/request-ids.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStrictWrites } from './http/strict-writes.ts';
import { registerWebApp } from './http/web-app.ts';
import { createAccountLinks } from './modules/account-links/account-links.ts';
import { createTokensRepository } from './modules/account-links/tokens.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createActivityRepository } from './modules/activity/activity.repository.ts';
import { createAppFeedRepository } from './modules/app-feed/app-feed.repository.ts';
import { registerAppFeedRoutes } from './modules/app-feed/app-feed.routes.ts';
import { createAppFeedService } from './modules/app-feed/app-feed.service.ts';
import { createAppOperator } from './modules/app-viewers/app-operator.ts';
import { createAppViewersRepository } from './modules/app-viewers/app-viewers.repository.ts';
import { registerAppViewersRoutes } from './modules/app-viewers/app-viewers.routes.ts';
import { createAppViewersService } from './modules/app-viewers/app-viewers.service.ts';
import { createViewerGuard } from './modules/app-viewers/viewer-guard.ts';
import { registerActivityRoutes } from './modules/activity/activity.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionTokens } from './modules/auth/session-token.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { createDownloadsRepository } from './modules/downloads/downloads.repository.ts';
import { registerDownloadsRoutes } from './modules/downloads/downloads.routes.ts';
import { createDownloadsService } from './modules/downloads/downloads.service.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createFiguresRepository } from './modules/figures/figures.repository.ts';
import { registerFiguresRoutes } from './modules/figures/figures.routes.ts';
import { createFiguresService } from './modules/figures/figures.service.ts';
import { registerCompaniesRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { createIdentityProvidersRepository } from './modules/identity-providers/identity-providers.repository.ts';
import { registerIdentityProvidersRoutes } from './modules/identity-providers/identity-providers.routes.ts';
import { createIdentityProvidersService } from './modules/identity-providers/identity-providers.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createMovieContentsRepository } from './modules/content/movie-contents.repository.ts';
import { createMaintenanceRepository } from './modules/maintenance/maintenance.repository.ts';
import { registerMaintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { createMaintenanceService } from './modules/maintenance/maintenance.service.ts';
import { registerLinearCutsRoutes, sendCutFile } from './modules/linear-cuts/linear-cuts.routes.ts';
import { createLinearCutsRepository } from './modules/linear-cuts/linear-cuts.repository.ts';
import { createLinearCutsService } from './modules/linear-cuts/linear-cuts.service.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { createPlotRepository } from './modules/plot/plot.repository.ts';
import { registerPlotRoutes } from './modules/plot/plot.routes.ts';
import { createPlotService } from './modules/plot/plot.service.ts';
import { createProjectListRepository } from './modules/project-list/project-list.repository.ts';
import { registerProjectListRoutes } from './modules/project-list/project-list.routes.ts';
import { createProjectListService } from './modules/project-list/project-list.service.ts';
import { createProjectsRepository } from './modules/projects/projects.repository.ts';
import { createPromotedRepository } from './modules/promoted/promoted.repository.ts';
import { registerPromotedRoutes } from './modules/promoted/promoted.routes.ts';
import { createPromotedService } from './modules/promoted/promoted.service.ts';
import { registerPublishingRoutes } from './modules/publishing/publishing.routes.ts';
import { createPublishingService } from './modules/publishing/publishing.service.ts';
import { registerProjectsRoutes } from './modules/projects/projects.routes.ts';
import { createNewsSignupsRepository } from './modules/public-pages/news-signups.repository.ts';
import { registerPublicPagesRoutes } from './modules/public-pages/public-pages.routes.ts';
import { createPublicPagesService } from './modules/public-pages/public-pages.service.ts';
import { openTermsFile } from './modules/public-pages/terms-file.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createRateLimitsRepository } from './modules/rate-limits/rate-limits.repository.ts';
import { createRateLimitsService } from './modules/rate-limits/rate-limits.service.ts';
import { createResumeRepository } from './modules/resume/resume.repository.ts';
import { registerResumeRoutes } from './modules/resume/resume.routes.ts';
import { createResumeService } from './modules/resume/resume.service.ts';
import { createSegmentsRepository } from './modules/segments/segments.repository.ts';
import { registerSegmentsRoutes } from './modules/segments/segments.routes.ts';
import { createSegmentsService } from './modules/segments/segments.service.ts';
import { createSessionsRepository } from './modules/sessions/sessions.repository.ts';
import {
  registerStoryArchiveRoutes,
  sendStoryArchive,
} from './modules/story-archive/story-archive.routes.ts';
import { createSeriesRepository } from './modules/series/series.repository.ts';
import { registerSeriesRoutes } from './modules/series/series.routes.ts';
import { createSeriesService } from './modules/series/series.service.ts';
import { createMediaJobHandlers } from './modules/transcoding/media-jobs.ts';
import { registerTranscodingRoutes } from './modules/transcoding/transcoding.routes.ts';
import {
  createTranscodingService,
  type TranscodeObserver,
} from './modules/transcoding/transcoding.service.ts';
import { createFinishedUploadsRepository } from './modules/uploads/finished-uploads.repository.ts';
import { openTusStorage } from './modules/uploads/tus-storage.ts';
import { registerTusUploads } from './modules/uploads/tus-uploads.ts';
import { registerUploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createEmbedService } from './modules/embed/embed.service.ts';
import { registerEmbedRoutes } from './modules/embed/embed.routes.ts';
import { registerAppPages } from './modules/watch/app-pages.ts';
import { registerPlayerPages } from './modules/watch/player-page.ts';
import { createWatchRepository } from './modules/watch/watch.repository.ts';
import { registerWatchRoutes } from './modules/watch/watch.routes.ts';
import { createWatchService } from './modules/watch/watch.service.ts';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'queueConnection'>;
  jwtSecret: string;
  /** The built studio (apps/web/dist); null serves the API alone. */
  webRoot: string | null;
  /** The built player (apps/player/dist), served at /watch; null serves no player pages. */
  playerRoot?: string | null;
  /** Where users reach the studio: the base of the links in mails and of the players' addresses. */
  publicUrl: string;
  mailer: Mailer;
  blobs: BlobStore;
  /** The bucket behind `blobs` when media is on S3 (resumable uploads wait there too); else null. */
  s3?: S3Settings | null;
  ffmpeg: Ffmpeg;
  /**
   * This process's scratch space: multipart uploads being received (`incoming/`), resumable ones
   * when media is on the local disk (`tus/`), renditions being made (`transcode/`) and, with S3,
   * sources lent to ffmpeg.
   */
  workDir: string;
  /** Transcode jobs this process runs at once; 0 leaves them to worker processes. */
  transcodeWorkers: number;
  /** JOB_HEARTBEAT_SECONDS and JOB_RETRY_DELAY_SECONDS; tests shorten them further. */
  queueTiming?: JobQueueTiming;
  /** Tests lower the 1,000,000,000-byte upload limit to try it cheaply. */
  uploadLimitBytes?: number;
  clock?: Clock;
  /** APP_COMPANY_ID: the platform company operating the mobile app (else the oldest active one). */
  appCompanyId?: number | null;
  hasher?: PasswordHasher;
  /** MAINTENANCE=true: maintenance mode on, whatever the studio's switch says. */
  maintenanceForced?: boolean;
  /** TERMS_FILE: the operator's terms page, a Markdown file; unset, the shipped template. */
  termsFile?: string | undefined;
  /** The identity providers to offer for sign-in (OIDC_*); none unless given. */
  identityProviders?: readonly IdentityProviderConfig[];
  /** How long a call to an identity provider may take before it counts as down; 5 s unless given. */
  identityProviderTimeoutSeconds?: number;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** METRICS_TOKEN: serves Prometheus metrics at /metrics to its bearer; unset, none are kept. */
  metricsToken?: string | null;
}

/**
 * The terms template shipped with the server, which the operator replaces through TERMS_FILE.
 * Resolved from this file, one level under apps/server in the source (src/app.ts) and in the
 * bundle (dist/server.js) alike.
 */
const DEFAULT_TERMS_FILE = fileURLToPath(new URL('../content/terms.md', import.meta.url));

/**
 * The job queue and the transcoding service over it: what the API process and `npm run worker`
 * processes both run.
 */
export async function startMediaPipeline(
  deps: Pick<AppDeps, 'database' | 'blobs' | 'ffmpeg' | 'workDir' | 'queueTiming'> & {
    clock: Clock;
    transcodeObserver?: TranscodeObserver;
  },
  onQueueError: (error: Error) => void,
) {
  const { db } = deps.database;
  const queue = await startJobQueue(
    deps.database.queueConnection,
    deps.queueTiming ?? DEFAULT_QUEUE_TIMING,
    onQueueError,
  );
  const projects = createProjectsRepository(db);
  const contents = createMovieContentsRepository(db);
  const transcodeDir = path.join(deps.workDir, 'transcode');
  // Renditions half made by a process that was killed (its ffmpeg went with it).
  await removeDeadProcessesFolders(transcodeDir);
  const transcoding = createTranscodingService({
    contents,
    projects,
    queue,
    blobs: deps.blobs,
    ffmpeg: deps.ffmpeg,
    clock: deps.clock,
    transaction: transactionRunner(db),
    workDir: transcodeDir,
    observer: deps.transcodeObserver,
  });
  const cutsDir = path.join(deps.workDir, 'cuts');
  // Cuts half rendered by a process that was killed (its ffmpeg went with it).
  await removeDeadProcessesFolders(cutsDir);
  const linearCuts = createLinearCutsService({
    cuts: createLinearCutsRepository(db),
    projects,
    plots: createPlotRepository(db),
    contents,
    queue,
    blobs: deps.blobs,
    ffmpeg: deps.ffmpeg,
    clock: deps.clock,
    transaction: transactionRunner(db),
    workDir: cutsDir,
  });
  return { queue, projects, contents, transcoding, linearCuts };
}

/** Wires the services into HTTP. Never listens: server.ts does, and tests listen on a free port. */
export async function buildApp(deps: AppDeps) {
  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? argon2Hasher;
  const transaction = transactionRunner(db);
  // First: a terms file that cannot be read stops the start before anything runs.
  const terms = await openTermsFile(deps.termsFile ?? DEFAULT_TERMS_FILE);

  const users = createUsersRepository(db);
  const companies = createCompaniesRepository(db);
  const sessions = createSessionsRepository(db);
  const activity = createActivityRepository(db);
  const links = createAccountLinks({
    tokens: createTokensRepository(db),
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    clock,
  });
  const maintenanceService = createMaintenanceService({
    settings: createMaintenanceRepository(db),
    forced: deps.maintenanceForced ?? false,
    clock,
  });
  const rateLimits = createRateLimitsService({
    counters: createRateLimitsRepository(db),
    clock,
  });

  const authService = createAuthService({
    auth: sessions,
    users,
    rateLimits,
    hasher,
    tokens: createSessionTokens(deps.jwtSecret),
    clock,
    mayStartSession: (user) => maintenanceService.assertMayStartSession(user),
  });
  const accountsService = createAccountsService({
    users,
    companies,
    sessions,
    activity,
    auth: authService,
    rateLimits,
    links,
    blobs: deps.blobs,
    hasher,
    clock,
    transaction,
  });
  const usersService = createUsersService({
    users,
    companies,
    sessions,
    links,
    clock,
    transaction,
  });
  const companiesService = createCompaniesService({
    companies,
    users,
    sessions,
    links,
    clock,
    transaction,
  });

  // prom-client is loaded only where metrics are kept.
  const metrics = deps.metricsToken
    ? (await import('./adapters/metrics.ts')).createMetrics()
    : null;
  const {
    queue,
    projects,
    contents,
    transcoding: transcodingService,
    linearCuts,
  } = await startMediaPipeline(
    { ...deps, clock, transcodeObserver: metrics?.transcodes },
    (error) => app.log.error({ err: error }, 'job queue error'),
  );
  metrics?.watchQueue(queue);
  const uploadsService = createUploadsService({
    projects,
    contents,
    transcoding: transcodingService,
    queue,
    blobs: deps.blobs,
    ffmpeg: deps.ffmpeg,
    clock,
    transaction,
  });
  const series = createSeriesRepository(db);
  const seriesService = createSeriesService({ series, projects, clock });
  const projectsService = createProjectsService({
    projects,
    series,
    contents,
    blobs: deps.blobs,
    clock,
    transaction,
    publicUrl: deps.publicUrl,
  });
  const contentService = createContentService({
    contents,
    projects,
    blobs: deps.blobs,
    clock,
    transaction,
  });

  const plots = createPlotRepository(db);
  const plotService = createPlotService({ plots, projects, contents, clock, transaction });
  const publishingService = createPublishingService({
    projects,
    plots,
    contents,
    clock,
    transaction,
    publicUrl: deps.publicUrl,
  });
  const watchViews = createWatchRepository(db);
  const watchService = createWatchService({
    projects,
    contents,
    plots,
    views: watchViews,
    blobs: deps.blobs,
    clock,
  });
  const appViewers = createAppViewersRepository(db);
  const appOperator = createAppOperator({
    viewers: appViewers,
    appCompanyId: deps.appCompanyId ?? null,
  });
  const appViewersService = createAppViewersService({
    viewers: appViewers,
    operator: appOperator,
    watch: watchService,
    views: watchViews,
    clock,
    transaction,
  });
  const viewerGuard = createViewerGuard(appViewersService);
  const segmentsService = createSegmentsService({
    segments: createSegmentsRepository(db),
    viewers: appViewers,
    operator: appOperator,
    clock,
    transaction,
  });
  const promoted = createPromotedRepository(db);
  const promotedService = createPromotedService({
    promoted,
    operator: appOperator,
    blobs: deps.blobs,
    clock,
    transaction,
  });
  const appFeedService = createAppFeedService({
    feed: createAppFeedRepository(db),
    promoted,
    segments: segmentsService,
    watch: watchService,
    blobs: deps.blobs,
    clock,
  });

  const projectList = createProjectListRepository(db);
  const figures = createFiguresRepository(db);
  const projectListService = createProjectListService({
    list: projectList,
    blobs: deps.blobs,
    publicUrl: deps.publicUrl,
  });
  const figuresService = createFiguresService({ figures, projects, plots, contents, clock });
  const dashboardService = createDashboardService({
    list: projectList,
    figures,
    companies,
    activity,
    clock,
  });

  const identityProvidersService = createIdentityProvidersService({
    providers: (deps.identityProviders ?? []).map((provider) => ({
      kind: provider.kind,
      name: provider.name,
      client: createOpenIdConnect(provider, {
        timeoutSeconds: deps.identityProviderTimeoutSeconds,
      }),
    })),
    repository: createIdentityProvidersRepository(db),
    users,
    hasher,
    companies,
    tokens: createTokensRepository(db),
    activity,
    auth: authService,
    rateLimits,
    mayStartSession: (user) => maintenanceService.assertMayStartSession(user),
    assertWritesOpen: () => maintenanceService.assertWritesOpen(),
    publicUrl: deps.publicUrl,
    clock,
    transaction,
  });

  const publicPagesService = createPublicPagesService({
    terms,
    signups: createNewsSignupsRepository(db),
  });

  const app: FastifyInstance = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    genReqId: requestIdGenerator(deps.trustProxy ?? false),
    // 1 MB of JSON is plenty; uploads have their own limits.
    bodyLimit: 1_048_576,
  });
  registerRequestIds(app);
  if (metrics && deps.metricsToken) registerMetrics(app, metrics, deps.metricsToken);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerOpenApi(app);
  await registerRateLimits(app, rateLimits);
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, parts: 12 } });
  registerAccessGuard(app, authService);
  registerNulGuard(app);
  registerStrictWrites(app);
  registerActivityLog(app, activity, clock);
  registerMaintenance(app, maintenanceService);

  registerHealthRoutes(app, {
    ...createHealthRepository(db),
    database: deps.database.kind,
    blobs: deps.blobs,
    queue,
  });
  registerAuthRoutes(app, { auth: authService, accounts: accountsService });
  registerIdentityProvidersRoutes(app, identityProvidersService, {
    secureCookies: deps.publicUrl.startsWith('https:'),
  });
  registerAccountsRoutes(app, accountsService);
  registerUsersRoutes(app, usersService);
  registerCompaniesRoutes(app, companiesService);
  registerActivityRoutes(app, activity);
  registerMaintenanceRoutes(app, maintenanceService);
  registerMediaRoutes(app, deps.blobs);
  registerUploadsRoutes(app, uploadsService, {
    incomingDir: path.join(deps.workDir, 'incoming'),
    limitBytes: deps.uploadLimitBytes,
  });
  const tus = registerTusUploads(
    app,
    { uploads: uploadsService, activity, finished: createFinishedUploadsRepository(db), clock },
    {
      storage: await openTusStorage({
        dir: path.join(deps.workDir, 'tus'),
        s3: deps.s3 ? { settings: deps.s3, blobs: deps.blobs } : null,
        expiryMs: TUS_UPLOAD_EXPIRY_MS,
      }),
      limitBytes: deps.uploadLimitBytes,
    },
  );
  registerTranscodingRoutes(app, transcodingService);
  registerProjectsRoutes(app, projectsService);
  registerProjectListRoutes(app, projectListService);
  registerFiguresRoutes(app, figuresService);
  registerDashboardRoutes(app, dashboardService);
  registerSeriesRoutes(app, seriesService);
  registerContentRoutes(app, contentService);
  registerPlotRoutes(app, plotService);
  registerPublishingRoutes(app, publishingService);
  registerLinearCutsRoutes(app, linearCuts, deps.blobs);
  const storyArchives = await registerStoryArchiveRoutes(
    app,
    {
      db,
      projects,
      contents,
      plots,
      queue,
      blobs: deps.blobs,
      ffmpeg: deps.ffmpeg,
      clock,
      transaction,
      scratchDir: path.join(deps.workDir, 'import'),
    },
    { incomingDir: path.join(deps.workDir, 'incoming') },
  );
  registerDownloadsRoutes(
    app,
    createDownloadsService({ tickets: createDownloadsRepository(db), projects, linearCuts, clock }),
    {
      'story-archive': async (caller, movieId, _request, reply) =>
        sendStoryArchive(reply, await storyArchives.exportArchive(caller, movieId)),
      'linear-cut': async (caller, cutId, request, reply) =>
        sendCutFile(request, reply, deps.blobs, await linearCuts.cutFileById(caller, cutId)),
    },
  );
  await registerWatchRoutes(app, watchService);
  registerResumeRoutes(
    app,
    createResumeService({ projects, states: createResumeRepository(db), clock }),
  );
  await registerAppViewersRoutes(app, appViewersService, viewerGuard);
  registerSegmentsRoutes(app, segmentsService);
  registerPromotedRoutes(app, promotedService);
  registerAppFeedRoutes(app, appFeedService, viewerGuard);
  registerPublicPagesRoutes(app, publicPagesService);
  const embedService = createEmbedService({
    projects,
    blobs: deps.blobs,
    publicUrl: deps.publicUrl,
  });
  registerEmbedRoutes(app, embedService);
  await registerPlayerPages(app, deps.playerRoot ?? null, embedService);
  await registerAppPages(app, deps.playerRoot ?? null);
  await registerWebApp(app, deps.webRoot);

  if (deps.transcodeWorkers > 0) {
    await queue.work(createMediaJobHandlers({ transcoding: transcodingService, linearCuts }), {
      concurrency: deps.transcodeWorkers,
    });
  }
  app.addHook('onClose', () => queue.stop());

  return {
    app,
    services: {
      auth: authService,
      accounts: accountsService,
      users: usersService,
      transcoding: transcodingService,
      tus,
    },
  };
}
