import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { removeDeadProcessesFolders, scratchFolderName } from './scratch-folders.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The id of a process that has ended, as a killed worker's is. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

it("removes the scratch folders of dead processes and keeps the living ones' and any other", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'plotline-scratch-'));
  dirs.push(dir);
  const dead = await deadPid();
  const uuid = '0b6c1f9e-4b53-4c1e-9a51-2f0e7e3c9d11';
  const names = {
    ours: scratchFolderName('12-1'),
    parents: `12-2-${process.ppid}-${uuid}`,
    deads: `12-3-${dead}-${uuid}`,
    deadBlob: `blob-${dead}-${uuid}`,
    other: 'notes',
  };
  for (const name of Object.values(names))
    await mkdir(path.join(dir, name, 'ladder.partial'), { recursive: true });

  expect((await removeDeadProcessesFolders(dir)).sort()).toEqual(
    [names.deadBlob, names.deads].sort(),
  );
  expect((await readdir(dir)).sort()).toEqual([names.ours, names.parents, names.other].sort());
  expect(names.ours).toMatch(new RegExp(`^12-1-${process.pid}-[0-9a-f-]{36}$`));
  // A folder that does not exist yet (nothing ran here) is no error.
  expect(await removeDeadProcessesFolders(path.join(dir, 'missing'))).toEqual([]);
});
