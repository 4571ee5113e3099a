import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/** ffmpeg repeats itself on damaged input; the end of stderr is what explains a failure. */
const STDERR_TAIL_BYTES = 4096;

export interface RunProcessOptions {
  /** Killed (SIGKILL) and rejected with ProcessTimeoutError after this long. */
  timeoutMs: number;
  /** Aborting kills the process and rejects with the signal's reason, as fetch does. */
  signal?: AbortSignal;
  /**
   * Called with each complete line the process writes to stdout; stdout is then not collected, since
   * a long run's progress reports would only pile up.
   */
  onStdoutLine?: (line: string) => void;
  /**
   * Variables set for the process on top of this process's own environment, which it otherwise
   * inherits unchanged (the packaged ffprobe needs GCONV_PATH, see resolve-ffmpeg.ts).
   */
  env?: Readonly<Record<string, string>>;
  /**
   * Kills the process when this one dies, however it dies. For long runs: a worker killed mid-job
   * must not leave an encoder running on, writing into a folder nobody will read.
   */
  dieWithParent?: boolean;
}

/**
 * On Linux, util-linux's setpriv asks the kernel to kill the process when its parent dies, then
 * becomes it (same pid), so killing and waiting work as before.
 */
const SETPRIV = '/usr/bin/setpriv';
const canTieToParent = process.platform === 'linux' && existsSync(SETPRIV);

/** Processes started with `dieWithParent`, killed on exit where setpriv is missing. */
const tiedChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function tieToParent(child: ChildProcess): void {
  tiedChildren.add(child);
  child.once('close', () => tiedChildren.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const tied of tiedChildren) tied.kill('SIGKILL');
  });
}

export interface ProcessOutput {
  /** Empty when `onStdoutLine` took the lines. */
  stdout: string;
  stderrTail: string;
}

export class ProcessFailedError extends Error {
  readonly command: string;
  readonly exitCode: number | null;
  readonly killedBy: NodeJS.Signals | null;
  readonly stderrTail: string;

  constructor(
    command: string,
    exitCode: number | null,
    killedBy: NodeJS.Signals | null,
    stderrTail: string,
  ) {
    const how = exitCode === null ? `was killed by ${killedBy}` : `exited with code ${exitCode}`;
    super(`${command} ${how}: ${lastLine(stderrTail) || '(no error output)'}`);
    this.name = 'ProcessFailedError';
    this.command = command;
    this.exitCode = exitCode;
    this.killedBy = killedBy;
    this.stderrTail = stderrTail;
  }
}

export class ProcessTimeoutError extends Error {
  readonly command: string;
  readonly timeoutMs: number;
  readonly stderrTail: string;

  constructor(command: string, timeoutMs: number, stderrTail: string) {
    super(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'ProcessTimeoutError';
    this.command = command;
    this.timeoutMs = timeoutMs;
    this.stderrTail = stderrTail;
  }
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').pop()?.trim() ?? '';
}

/**
 * Runs `command` with `args` as an argument array (never through a shell, so file names cannot
 * inject anything), with stdin closed. Resolves with stdout and the tail of stderr on exit code 0.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessOutput> {
  const { timeoutMs, signal, onStdoutLine, env, dieWithParent = false } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const [file, fileArgs] =
      dieWithParent && canTieToParent
        ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]]
        : [command, args];
    const child = spawn(file, fileArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Handing the environment down to the child, not reading configuration from it.
      // eslint-disable-next-line no-restricted-properties
      env: env && { ...process.env, ...env },
    });
    if (dieWithParent) tieToParent(child);
    const stdoutChunks: string[] = [];
    let partialLine = '';
    let stderrTail = Buffer.alloc(0);
    let failure: unknown = null;

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!onStdoutLine) {
        stdoutChunks.push(chunk);
        return;
      }
      const lines = (partialLine + chunk).split('\n');
      partialLine = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line.replace(/\r$/, ''));
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const joined = Buffer.concat([stderrTail, chunk]);
      stderrTail = joined.subarray(Math.max(0, joined.length - STDERR_TAIL_BYTES));
    });

    const stop = (reason: unknown) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new ProcessTimeoutError(command, timeoutMs, stderrTail.toString('utf8'))),
      timeoutMs,
    );
    const onAbort = () => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      settle();
      reject(failure ?? error);
    });
    child.on('close', (exitCode, killedBy) => {
      settle();
      if (partialLine && onStdoutLine) onStdoutLine(partialLine);
      const tail = stderrTail.toString('utf8');
      if (failure) reject(failure);
      else if (exitCode === 0) resolve({ stdout: stdoutChunks.join(''), stderrTail: tail });
      else reject(new ProcessFailedError(command, exitCode, killedBy, tail));
    });
  });
}
