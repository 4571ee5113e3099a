// Prints how long the project list (GET /api/movie) takes through real HTTP with 10,000 projects
// in one company, for a few searches, sorts, filters and pages. On an in-memory PGlite by default;
// with DATABASE_URL (or TEST_DATABASE_URL), on that PostgreSQL server, in a scratch database the
// run makes and drops. Run: npm run bench:project-list
import { performance } from 'node:perf_hooks';
import { PROJECT_TYPE } from '@plotline/core';
import { movies, series } from '../apps/server/src/db/schema/index.ts';
import { startTestServer } from '../apps/server/src/test/test-server.ts';
import { machineLine } from './support.ts';

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;

const PROJECTS = 10_000;
const EPISODES_PER_SERIES = 10;
/** Three in ten projects are episodes: 300 series of 10. */
const SERIES = (PROJECTS * 0.3) / EPISODES_PER_SERIES;
const OTHER_COMPANY_PROJECTS = 2_000;
const RUNS = 200;
const WARM_UP = 20;
const DAY_MS = 86_400_000;

const WORDS = [
  'river',
  'forest',
  'night',
  'city',
  'ocean',
  'mountain',
  'desert',
  'garden',
  'winter',
  'summer',
  'shadow',
  'light',
  'storm',
  'harbor',
  'island',
  'valley',
  'bridge',
  'tower',
  'market',
  'station',
];
const TAGS = ['drama', 'comedy', 'training', 'product', 'onboarding', 'travel', 'food', 'sport'];

/** A deterministic pseudo-random sequence, so every run seeds the same projects. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const server = await startTestServer();
const database = server.database.kind;
const admin = await server.makeUser({ role: 'administrator' });
const stranger = await server.makeUser({ role: 'administrator' });

async function seed(companyId: number, createdBy: number, total: number, seriesCount: number) {
  const next = random(companyId);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const start = Date.UTC(2025, 0, 1);
  const when = () => new Date(start + Math.floor(next() * 365 * DAY_MS));

  const seriesRows = Array.from({ length: seriesCount }, (_, index) => ({
    companyId,
    createdBy,
    title: `${pick(WORDS)} ${pick(WORDS)} saga ${index + 1}`,
    tags: [pick(TAGS)],
    createdAt: when(),
  }));
  const seriesIds: number[] = [];
  for (let at = 0; at < seriesRows.length; at += 500) {
    const inserted = await server.db
      .insert(series)
      .values(seriesRows.slice(at, at + 500))
      .returning({ id: series.id });
    seriesIds.push(...inserted.map((row) => row.id));
  }

  const rows = Array.from({ length: total }, (_, index) => {
    const episode = index < seriesIds.length * EPISODES_PER_SERIES;
    const published = next() < 0.4;
    const createdAt = when();
    const updatedAt = new Date(createdAt.getTime() + Math.floor(next() * 30 * DAY_MS));
    return {
      companyId,
      createdBy,
      type: episode ? PROJECT_TYPE.episode : PROJECT_TYPE.single,
      title: `${pick(WORDS)} ${pick(WORDS)} ${index + 1}`,
      tags: next() < 0.2 ? [] : [pick(TAGS), pick(TAGS)],
      viewMode: pick(['horizontal', 'vertical'] as const),
      seriesId: episode ? seriesIds[Math.floor(index / EPISODES_PER_SERIES)]! : null,
      episodeNumber: episode ? (index % EPISODES_PER_SERIES) + 1 : null,
      status: published ? ('published' as const) : ('draft' as const),
      slug: published ? `c${companyId}-p${index + 1}` : null,
      publishedAt: published ? updatedAt : null,
      thumbnailDesktop: next() < 0.7 ? `thumbnails/${companyId}-${index + 1}.png` : null,
      createdAt,
      updatedAt,
    };
  });
  for (let at = 0; at < rows.length; at += 500) {
    await server.db.insert(movies).values(rows.slice(at, at + 500));
  }
}

const seeding = performance.now();
await seed(admin.companyId!, admin.id, PROJECTS, SERIES);
await seed(stranger.companyId!, stranger.id, OTHER_COMPANY_PROJECTS, OTHER_COMPANY_PROJECTS / 100);
await server.db.execute('ANALYZE');
console.log(
  `${database}: seeded ${PROJECTS} projects (${SERIES} series of ${EPISODES_PER_SERIES}) in one company and ${OTHER_COMPANY_PROJECTS} in another in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

const token = await server.signIn(admin);
const firstPage = await server.request<{ data: { total: number } }>('GET', '/api/movie', { token });
const rowsListed = firstPage.body.data.total;
const lastPage = Math.ceil(rowsListed / 10);

const variants: [string, string][] = [
  ['default: newest change, page 1', ''],
  ['search "river", by title', '?search=river&sort=title'],
  ['search a tag part "boardi", oldest', '?search=boardi&sort=created_at'],
  ['search "tower 12"', '?search=tower%2012'],
  [`by title, last page (${lastPage})`, `?sort=title&page=${lastPage}`],
  ['published singles, newest', '?status=published&type=single&sort=-created_at'],
  ['series only, by title', '?type=series&sort=title'],
  ['vertical drafts, page 5', '?orientation=vertical&status=draft&page=5'],
  ['100 a page, page 20', '?perPage=100&page=20&sort=-updated_at'],
];

async function measure(label: string, query: string) {
  const call = async () => {
    const response = await server.request('GET', `/api/movie${query}`, { token });
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${response.text}`);
    return response.body as { data: { rows: unknown[]; total: number } };
  };
  for (let i = 0; i < WARM_UP; i++) await call();
  const times: number[] = [];
  let result = await call();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    result = await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(38)} total=${String(result.data.total).padStart(5)} rows=${String(result.data.rows.length).padStart(3)} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${at(1)} ms`,
  );
}

console.log(`${rowsListed} rows listed (singles and series); ${RUNS} calls per variant`);
for (const [label, query] of variants) await measure(label, query);
console.log(machineLine());
await server.close();
