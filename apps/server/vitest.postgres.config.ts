import { defineConfig } from 'vitest/config';
import { sharingModules, TEST_WORKERS } from '../../vitest.shared.ts';
import { mediumProject } from './vitest.medium.config.ts';

/**
 * The PostgreSQL pass (`npm run test:pg`, TEST_DATABASE_URL set): the medium tests whose outcome
 * can differ between PGlite and a PostgreSQL server — SQL of a module's own (lists, search,
 * counting, aggregates), row locks and single-use writes that only a server with many connections
 * puts to the test, several processes on one database, the job queue, the backup scripts and the
 * migrations (the global setup migrates the template on the server). The other medium files speak
 * to the database only through these same repositories, so running them again on PostgreSQL found
 * nothing PGlite did not; README "Test it" lists what runs where. `TEST_DATABASE_URL=…
 * npx vitest run --project server-medium` still runs every medium file on PostgreSQL.
 */
export const POSTGRES_PASS = [
  // Repositories and the database's own errors.
  'src/db/errors.medium.test.ts',
  'src/modules/users/users.repository.medium.test.ts',
  'src/modules/app-viewers/app-operator.medium.test.ts',
  // SQL of a module's own: lists, search, filters, counting and aggregates.
  'src/modules/project-list/project-list.routes.medium.test.ts',
  'src/modules/users/users.routes.medium.test.ts',
  'src/modules/companies/companies.routes.medium.test.ts',
  'src/modules/activity/activity.routes.medium.test.ts',
  'src/modules/segments/segment-sql.medium.test.ts',
  'src/modules/segments/segments.routes.medium.test.ts',
  'src/modules/promoted/promoted.routes.medium.test.ts',
  'src/modules/figures/figures.routes.medium.test.ts',
  'src/modules/app-feed/app-feed.routes.medium.test.ts',
  // Locks, versions and single-use writes.
  'src/modules/plot/plot.routes.medium.test.ts',
  'src/modules/publishing/publishing.routes.medium.test.ts',
  'src/modules/downloads/downloads.routes.medium.test.ts',
  'src/modules/rate-limits/rate-limits.medium.test.ts',
  // Several processes on one database, the job queue, the database going away, backups.
  'src/modules/maintenance/maintenance.routes.medium.test.ts',
  'src/modules/transcoding/transcode-worker.medium.test.ts',
  'src/modules/health/health.routes.medium.test.ts',
  'scripts/backup-restore.medium.test.ts',
];

if (!process.env.TEST_DATABASE_URL)
  throw new Error('The PostgreSQL pass needs TEST_DATABASE_URL (see README, "Test it").');

export default defineConfig({
  test: {
    projects: sharingModules('apps/server', {
      test: { ...mediumProject.test, name: 'server-postgres', include: POSTGRES_PASS },
    }),
    maxWorkers: TEST_WORKERS,
  },
});
