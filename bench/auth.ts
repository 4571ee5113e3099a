// Prints how long sign-in and an authenticated call take through real HTTP on an in-memory PGlite
// (or on PostgreSQL with TEST_DATABASE_URL). Run: npx tsx bench/auth.ts
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../apps/server/src/test/test-server.ts';

const server = await startTestServer();
const user = await server.makeUser({ role: 'administrator' });

async function measure(label: string, runs: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(28)} runs=${runs} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${at(1)} ms`,
  );
}

await measure('POST /api/v1.6/auth/login', 30, () => server.signIn(user));
const token = await server.signIn(user);
await measure('GET /api/user/me', 500, async () => {
  const response = await server.request('GET', '/api/user/me', { token });
  if (response.status !== 200) throw new Error(`status ${response.status}`);
});
await measure('GET /api/health', 500, () => server.request('GET', '/api/health'));
await server.close();
