// The real server in a process of its own, as `npm start` runs it, and its memory read from /proc:
// for benches that measure what the server holds while it works (bench:upload, bench:export).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SAMPLE_MS = 50;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A field of /proc/<pid>/status in bytes: VmRSS (resident now) or VmHWM (its peak). */
export function procBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return 0; // the process has gone; its exit is reported where it is awaited
  }
  const line = status.split('\n').find((candidate) => candidate.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
}

/** Writing 5 to clear_refs resets VmHWM, so the kernel's own peak covers what follows alone. */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the samples alone then say the peak.
  }
}

/** Samples a process's resident memory every 50 ms until stopped; answers the peak. */
export function sampleMemory(pid: number) {
  resetPeak(pid);
  const before = procBytes(pid, 'VmRSS');
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, procBytes(pid, 'VmRSS'));
  }, SAMPLE_MS);
  return {
    before,
    stop() {
      clearInterval(timer);
      return Math.max(peak, procBytes(pid, 'VmRSS'), procBytes(pid, 'VmHWM'));
    },
  };
}

/**
 * Starts `apps/server/src/server.ts` on a free port of 127.0.0.1 over `dataDir` (its database made
 * beforehand, so the bench can add its users), with `env` beside the essentials; answers once its
 * health call does. `exited` rejects if the server stops on its own.
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'root@plotline.local',
        ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => output.push(...text.trimEnd().split('\n')));
  }
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}):\n${output.slice(-20).join('\n')}`)),
    ),
  );
  exited.catch(() => {});
  const baseUrl = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    const deadline = performance.now() + 120_000;
    while (performance.now() < deadline) {
      const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
      if (health?.status === 200) return;
      await sleep(200);
    }
    throw new Error(`the server did not answer within 2 minutes:\n${output.join('\n')}`);
  })();
  await Promise.race([ready, exited]);
  return {
    baseUrl,
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([stopped, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
