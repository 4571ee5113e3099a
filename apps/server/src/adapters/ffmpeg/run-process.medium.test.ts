import { describe, expect, it } from 'vitest';
import { ProcessFailedError, ProcessTimeoutError, runProcess } from './run-process.ts';

/** Node itself is the one binary every test machine has. */
const node = (script: string) => [process.execPath, ['-e', script]] as const;

describe('running a process', () => {
  it('passes arguments as they are, without a shell, and resolves with stdout', async () => {
    const [command, args] = node('console.log(JSON.stringify(process.argv.slice(1)))');
    const { stdout } = await runProcess(command, [...args, '$(rm -rf /)', 'a b;c'], {
      timeoutMs: 10_000,
    });
    expect(JSON.parse(stdout)).toEqual(['$(rm -rf /)', 'a b;c']);
  });

  it('hands stdout over line by line, the last unterminated line included', async () => {
    const lines: string[] = [];
    const [command, args] = node(
      'process.stdout.write("a=1\\r\\nb=2\\n"); process.stdout.write("c=3")',
    );
    const { stdout } = await runProcess(command, args, {
      timeoutMs: 10_000,
      onStdoutLine: (line) => lines.push(line),
    });
    expect(lines).toEqual(['a=1', 'b=2', 'c=3']);
    expect(stdout).toBe('');
  });

  it('fails with the exit code and keeps only the last 4 KB of stderr', async () => {
    const [command, args] = node(
      'for (let i = 0; i < 2000; i++) console.error("noise " + i); console.error("the real cause"); process.exitCode = 3',
    );
    const failure = await runProcess(command, args, { timeoutMs: 10_000 }).catch((e) => e);
    expect(failure).toBeInstanceOf(ProcessFailedError);
    expect(failure.exitCode).toBe(3);
    expect(failure.message).toContain('exited with code 3: the real cause');
    expect(failure.stderrTail.length).toBeLessThanOrEqual(4096);
    expect(failure.stderrTail).toContain('noise 1999');
    expect(failure.stderrTail).not.toContain('noise 1\n');
  });

  it('kills a process that outlives its timeout', async () => {
    const [command, args] = node('console.error("started"); setInterval(() => {}, 1000)');
    const started = Date.now();
    const failure = await runProcess(command, args, { timeoutMs: 500 }).catch((e) => e);
    expect(failure).toBeInstanceOf(ProcessTimeoutError);
    expect(failure.stderrTail).toContain('started');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('kills the process when the signal aborts and rejects with its reason', async () => {
    const [command, args] = node('setInterval(() => {}, 1000)');
    const controller = new AbortController();
    const running = runProcess(command, args, { timeoutMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 200);
    await expect(running).rejects.toThrow('job cancelled');
  });

  it('does not start when the signal has already aborted', async () => {
    const [command, args] = node('');
    await expect(
      runProcess(command, args, { timeoutMs: 10_000, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sets the given variables on top of the environment it inherits', async () => {
    const [command, args] = node(
      'console.log(JSON.stringify([process.env.PLOTLINE_EXTRA, process.env.PATH]))',
    );
    const { stdout } = await runProcess(command, args, {
      timeoutMs: 10_000,
      env: { PLOTLINE_EXTRA: 'set for the child' },
    });
    expect(JSON.parse(stdout)).toEqual(['set for the child', process.env.PATH]);
    expect(process.env.PLOTLINE_EXTRA).toBeUndefined();
  });

  it('reports a missing executable as ENOENT', async () => {
    await expect(
      runProcess('/nonexistent/ffmpeg', [], { timeoutMs: 10_000 }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
