import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Scratch folders (and files) carry the id of the process that made them, so a process starting on
 * a machine where others run beside it (several API processes or workers on one DATA_DIR) removes
 * only what dead ones left.
 */
export function scratchFolderName(prefix: string): string {
  return `${prefix}-${process.pid}-${randomUUID()}`;
}

const OWNED = /-(\d+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders in `dir` left by processes that are gone (killed mid-job); answers their names. */
export async function removeDeadProcessesFolders(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  const dead = names.filter((name) => {
    const owner = OWNED.exec(name)?.[1];
    return owner !== undefined && Number(owner) !== process.pid && !isAlive(Number(owner));
  });
  await Promise.all(dead.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  return dead;
}
