import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

/*
 * What the Vitest configs of the checkout share: `npm test`'s (vitest.config.ts) and the PostgreSQL
 * pass's (apps/server/vitest.postgres.config.ts).
 */

/**
 * Vitest's default in a run is one worker fewer than the cores: a single one on a two-core machine.
 * The server's files wait on PGlite, PostgreSQL, ffmpeg and timers a good part of their time, so one
 * worker more than the cores keeps both busy (measured: 8.0 min with one, 5.6 with three).
 */
export const TEST_WORKERS = availableParallelism() + 1;

/** A project of `npm test`, as its folder's Vitest config defines it. */
export type ProjectConfig = TestProjectInlineConfiguration & {
  test: { name: string; include: string[]; exclude?: string[] };
};

const REPLACES_A_MODULE = /\bvi\.(mock|doMock)\(/;

/**
 * A project whose files share their worker's modules (`isolate: false`): loading the app's modules
 * again for every file was most of `npm test` (docs/decisions/0013-test-tiers.md). A file that
 * replaces a module with vi.mock cannot share them: the module may already be loaded as it is, and
 * Vitest keeps a file's replacements for the files run after it in that worker. Such files, found by
 * their text so that a new one cannot be forgotten, run in a project of their own named
 * `<name>-isolated`, with a fresh module registry each, as Vitest does by default.
 */
export function sharingModules(folder: string, project: ProjectConfig): ProjectConfig[] {
  const root = path.resolve(import.meta.dirname, folder);
  const exclude = project.test.exclude ?? configDefaults.exclude;
  const replacing = globSync(project.test.include, { cwd: root })
    .filter((file) => !file.split(path.sep).includes('node_modules'))
    .filter((file) => REPLACES_A_MODULE.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
  const shared: ProjectConfig = {
    ...project,
    root,
    test: { ...project.test, isolate: false, exclude: [...exclude, ...replacing] },
  };
  if (replacing.length === 0) return [shared];
  const isolated: ProjectConfig = {
    ...project,
    root,
    test: { ...project.test, name: `${project.test.name}-isolated`, include: replacing },
  };
  return [shared, isolated];
}
