import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplate } from './database-template.ts';

/** Once per run of the server tests: the migrated database every test database is copied from. */
export default async function setup(project: TestProject) {
  const { template, remove } = await makeDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
