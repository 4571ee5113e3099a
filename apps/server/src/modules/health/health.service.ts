/** The parts a process needs to serve: each must answer within the timeout. */
export type ReadinessPart = 'database' | 'blobStore' | 'queue';
export type PartStatus = 'ok' | 'failed' | 'timeout';

export interface Readiness {
  ready: boolean;
  parts: Record<ReadinessPart, PartStatus>;
}

/** Long enough for a busy database, short enough for a probe that gives up after a few seconds. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Asks every part at once, each bounded by `timeoutMs` so that one hanging part (a database that
 * accepts connections but never answers) cannot hold the probe. `onFailure` learns why a part
 * failed: the answer only says which, as it is public.
 */
export async function checkReadiness(
  checks: Record<ReadinessPart, () => Promise<unknown>>,
  onFailure: (part: ReadinessPart, error: unknown) => void,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<Readiness> {
  const entries = await Promise.all(
    (Object.keys(checks) as ReadinessPart[]).map(async (part) => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const checked = checks[part]().then(
        (): PartStatus => 'ok',
        (error: unknown): PartStatus => {
          onFailure(part, error);
          return 'failed';
        },
      );
      const status = await Promise.race([checked, timedOut]);
      clearTimeout(timer);
      if (status === 'timeout') onFailure(part, new Error(`no answer within ${timeoutMs} ms`));
      return [part, status] as const;
    }),
  );
  const parts = Object.fromEntries(entries) as Record<ReadinessPart, PartStatus>;
  return { ready: entries.every(([, status]) => status === 'ok'), parts };
}
