// Prints how long the mobile app's feed (GET /api/app/v1/feed) takes through real HTTP for random
// viewers, and how long the segment list (GET /api/segment, every segment counted) and one segment
// preview take, with 100,000 viewers, 1,000,000 viewing events (and the viewers' facts the
// segments read, consistent with them), 200 custom segments and 50 promoted contents. On an
// in-memory PGlite by default; with DATABASE_URL (or TEST_DATABASE_URL), on that PostgreSQL
// server, in a scratch database the run makes and drops. Run: npm run bench:app-feed
import { performance } from 'node:perf_hooks';
import { VIEWER_TOKEN_HEADER, type SegmentCondition, type SegmentRules } from '@plotline/core';
import { sql } from 'drizzle-orm';
import { segments } from '../apps/server/src/db/schema/index.ts';
import { startTestServer } from '../apps/server/src/test/test-server.ts';
import { machineLine } from './support.ts';

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;

const VIEWERS = 100_000;
const EVENTS = 1_000_000;
const SEGMENTS = 200;
const PROMOTED = 50;
/** Singles of the content company; 30 series of 10 episodes come beside them. */
const SINGLES = 800;
const SERIES = 30;
/** App-channel projects whose plot offers a choice of two options (for `chose` conditions). */
const WITH_CHOICES = 20;
const FEED_CALLS = 300;
const WARM_UP = 30;
const SEGMENT_LIST_RUNS = 10;
const PREVIEW_RUNS = 30;

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const next = random(18);
const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;

const server = await startTestServer();
const database = server.database.kind;
const run = (query: ReturnType<typeof sql>) => server.db.execute(query);
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.db.execute(query)) as unknown as { rows: T[] }).rows;

const admin = await server.makeUser({ role: 'administrator', companyType: 'platform' });
const platformId = admin.companyId!;
const studio = await server.makeUser({ role: 'administrator' });
const studioId = studio.companyId!;

const seeding = performance.now();
const step = async (label: string, work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  console.log(`  ${label.padEnd(58)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
};
console.log(`${database}: seeding`);

await step(`${SINGLES} singles and ${SERIES} series of 10 episodes`, async () => {
  // One in ten is a draft, one in five of the published is on the web only.
  const published = (n: ReturnType<typeof sql>) => sql`(${n}) % 10 <> 0`;
  await run(sql`
    insert into movies (company_id, type, title, synopsis, view_mode, status, slug, published_at,
      app_channel_on, thumbnail_desktop, thumbnail_mobile)
    select ${studioId}, 1, 'Bench story ' || i, 'A story of the bench.',
      (case when i % 4 = 0 then 'vertical' else 'horizontal' end)::view_mode,
      (case when ${published(sql`i`)} then 'published' else 'draft' end)::movie_status,
      case when ${published(sql`i`)} then 'bench-' || i end,
      case when ${published(sql`i`)} then now() - make_interval(hours => i) end,
      ${published(sql`i`)} and i % 5 <> 0,
      'thumbnails/bench-' || i || '-d.png', 'thumbnails/bench-' || i || '-m.png'
    from generate_series(1, ${SINGLES}) i`);
  await run(sql`
    insert into series (company_id, title)
    select ${studioId}, 'Bench series ' || s from generate_series(1, ${SERIES}) s`);
  await run(sql`
    insert into movies (company_id, type, title, view_mode, status, slug, published_at,
      app_channel_on, series_id, episode_number)
    select ${studioId}, 2, s.title || ', episode ' || e, 'vertical',
      (case when e <= 8 then 'published' else 'draft' end)::movie_status,
      case when e <= 8 then 'bench-s' || s.id || '-e' || e end,
      case when e <= 8 then now() - make_interval(hours => (s.id * 37 + e * 5) % 900) end,
      e <= 8, s.id, e
    from series s cross join generate_series(1, 10) e
    where s.company_id = ${studioId}`);
  await run(sql`
    create table bench_app_movies as
    select (row_number() over (order by id))::int as idx, id
    from movies where status = 'published' and app_channel_on`);
});
const appMovies = (
  await rows<{ count: number }>(sql`select count(*)::int as count from bench_app_movies`)
)[0]!.count;

await step(
  `plots with a choice of two for ${WITH_CHOICES} of the ${appMovies} app projects`,
  async () => {
    await run(sql`
    insert into movie_contents (movie_id, type, file_name, source_key, source_bytes, status)
    select id, 1, 'bench.mp4', 'sources/bench-' || id, 1, 'ready'
    from bench_app_movies where idx <= ${WITH_CHOICES}`);
    await run(sql`
    insert into movie_plots (movie_id, movie_content_id, parent_id, position)
    select movie_id, id, null, 0 from movie_contents where file_name = 'bench.mp4'`);
    await run(sql`
    insert into movie_plots (movie_id, movie_content_id, parent_id, position)
    select p.movie_id, p.movie_content_id, p.id, o
    from movie_plots p cross join generate_series(0, 1) o where p.parent_id is null`);
    await run(sql`
    create table bench_options as
    select movie_id, position as idx, id as plot_id, parent_id as node_id
    from movie_plots where parent_id is not null`);
  },
);

await step(`${VIEWERS} viewers`, () =>
  run(sql`
    insert into app_viewers (company_id, token_hash, platform, language, first_seen_at,
      last_seen_at)
    select ${platformId}, encode(sha256(convert_to('bench-viewer-' || i, 'UTF8')), 'hex'),
      (case when i % 10 < 5 then 'android' when i % 10 < 8 then 'ios' else 'web' end)::app_platform,
      (array['en', 'de', 'id', 'es', 'zh', 'ar'])[1 + (i * 7) % 6]::app_language,
      now() - make_interval(days => 3 + (i * 37) % 120, mins => i % 1440),
      now() - make_interval(days => i % 3)
    from generate_series(1, ${VIEWERS}) i`),
);

// A viewer started 1 to 5 projects, each once (a session), on 1 to 3 days after first seen;
// a third of the sessions reach an ending; a session of a project with options chooses one.
await step('sessions: what each viewer watched, completed and chose', async () => {
  await run(sql`
    create table bench_sessions as
    select (row_number() over ())::int as k, v.id as viewer_id, m.id as movie_id,
      'bench-v' || v.id || '-m' || m.id as session,
      (v.first_seen_at at time zone 'UTC')::date + ((j - 1) % (1 + v.n % 3)) as day,
      (v.n + j) % 3 = 0 as completed
    from (select id, first_seen_at, (row_number() over (order by id))::int as n
          from app_viewers) v
    cross join generate_series(1, 5) j
    join bench_app_movies m on m.idx = 1 + (v.n * 31 + j * 97) % ${appMovies}
    where j <= 1 + v.n % 5`);
  await run(sql`
    insert into app_viewer_movies (viewer_id, movie_id, completed)
    select viewer_id, movie_id, completed from bench_sessions`);
  await run(sql`
    insert into app_viewer_choices (viewer_id, plot_id)
    select s.viewer_id, o.plot_id from bench_sessions s
    join bench_options o on o.movie_id = s.movie_id and o.idx = s.viewer_id % 2`);
  await run(sql`
    update app_viewers v
    set views = s.views, view_days = s.days, last_view_day = s.last
    from (select viewer_id, count(*)::int as views, count(distinct day)::int as days,
            max(day) as last
          from bench_sessions group by viewer_id) s
    where s.viewer_id = v.id`);
});

await step(`${EVENTS} viewing events, as the sessions sent them`, async () => {
  const at = sql`((s.day + time '12:00') at time zone 'UTC')`;
  await run(sql`
    insert into view_events (movie_id, session, type, at_ms, received_at)
    select s.movie_id, s.session, 'start', 0, ${at} from bench_sessions s`);
  await run(sql`
    insert into view_events (movie_id, session, type, node_id, option_id, at_ms, received_at)
    select s.movie_id, s.session, 'choice', o.node_id, o.plot_id, 30000, ${at}
    from bench_sessions s join bench_options o on o.movie_id = s.movie_id and o.idx = s.viewer_id % 2`);
  await run(sql`
    insert into view_events (movie_id, session, type, at_ms, received_at)
    select s.movie_id, s.session, 'ending', 90000, ${at} from bench_sessions s where s.completed`);
  // The rest are the players' watch-time reports, spread over the sessions.
  await run(sql`
    insert into view_events (movie_id, session, type, seconds, at_ms, received_at)
    select s.movie_id, s.session, 'watched', 10, 10000, ${at}
    from generate_series(1, ${EVENTS} - (select count(*) from view_events)) g
    join bench_sessions s on s.k = 1 + g % (select count(*) from bench_sessions)`);
});

const appMovieIds = (
  await rows<{ id: number }>(sql`select id from bench_app_movies order by idx`)
).map((row) => row.id);
const optionIds = (await rows<{ id: number }>(sql`select plot_id as id from bench_options`)).map(
  (row) => row.id,
);

/** A custom segment's rules: one to four conditions over every field. */
function someRules(): SegmentRules {
  const makers: (() => SegmentCondition)[] = [
    () => ({ field: 'platform', op: 'eq', value: pick(['ios', 'android', 'web'] as const) }),
    () => ({ field: 'platform', op: 'in', value: ['ios', 'web'] }),
    () => ({ field: 'language', op: 'in', value: ['de', pick(['en', 'es', 'ar'] as const)] }),
    () => ({ field: 'first_seen_days', op: pick(['lt', 'gt'] as const), value: 7 + pick([0, 23]) }),
    () => ({
      field: 'views',
      op: pick(['gte', 'lte'] as const),
      value: 1 + Math.floor(next() * 4),
    }),
    () => ({ field: 'view_days', op: 'gte', value: 2 }),
    () => ({ field: 'watched', op: 'eq', value: pick(appMovieIds) }),
    () => ({ field: 'completed', op: 'eq', value: pick(appMovieIds) }),
    () => ({ field: 'chose', op: 'eq', value: pick(optionIds) }),
  ];
  const count = 1 + Math.floor(next() * 4);
  return {
    match: next() < 0.7 ? 'all' : 'any',
    conditions: Array.from({ length: count }, () => pick(makers)()),
  };
}

let segmentIds: number[] = [];
await step(`${SEGMENTS} custom segments`, async () => {
  const inserted = await server.db
    .insert(segments)
    .values(
      Array.from({ length: SEGMENTS }, (_, index) => ({
        companyId: platformId,
        name: `Bench segment ${index + 1}`,
        rules: someRules(),
      })),
    )
    .returning({ id: segments.id });
  segmentIds = inserted.map((row) => row.id);
});

await step(`${PROMOTED} promoted contents, half of them for 1 to 3 segments`, async () => {
  // Every fifth starts tomorrow, every seventh ended yesterday; the rest are open.
  await run(sql`
    insert into promoted_items (company_id, movie_id, position, starts_at, ends_at)
    select ${platformId}, m.id, p,
      case when p % 5 = 0 then now() + interval '1 day' end,
      case when p % 7 = 0 and p % 5 <> 0 then now() - interval '1 day' end
    from generate_series(1, ${PROMOTED}) p
    join bench_app_movies m on m.idx = 1 + (p * 13) % ${appMovies}`);
  const items = await rows<{ id: number; position: number }>(
    sql`select id, position from promoted_items where company_id = ${platformId}`,
  );
  const pairs = items
    .filter((item) => item.position % 2 === 0)
    .flatMap((item) => {
      const chosen = new Set(
        Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(segmentIds)),
      );
      return [...chosen].map((segmentId) => sql`(${item.id}::int, ${segmentId}::int)`);
    });
  await run(sql`
    insert into promoted_item_segments (promoted_id, segment_id)
    values ${sql.join(pairs, sql`, `)}`);
});

await run(sql`drop table bench_sessions, bench_options, bench_app_movies`);
await run(sql`analyze`);
const [counted] = await rows<{ viewers: number; events: number; watched: number; chose: number }>(
  sql`select (select count(*) from app_viewers)::int as viewers,
    (select count(*) from view_events)::int as events,
    (select count(*) from app_viewer_movies)::int as watched,
    (select count(*) from app_viewer_choices)::int as chose`,
);
console.log(
  `seeded ${counted!.viewers} viewers, ${counted!.events} events (${counted!.watched} projects started, ${counted!.chose} options chosen), ${SEGMENTS} segments, ${PROMOTED} promoted contents, ${appMovies} app-channel projects in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

/** Runs `call` and answers its times in milliseconds, after a warm-up. */
async function timed(runs: number, warmUp: number, call: (index: number) => Promise<void>) {
  for (let index = 0; index < warmUp; index++) await call(index);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await call(index);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function summary(times: number[]) {
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${times.length} calls)`;
}

const viewerOrder = random(7);
let promotedShown = 0;
const feedTimes = await timed(FEED_CALLS, WARM_UP, async () => {
  const viewer = 1 + Math.floor(viewerOrder() * VIEWERS);
  const response = await server.request<{ data: { promoted: unknown[]; rows: unknown[] } }>(
    'GET',
    '/api/app/v1/feed',
    { headers: { [VIEWER_TOKEN_HEADER]: `bench-viewer-${viewer}` } },
  );
  if (response.status !== 200) throw new Error(`feed: ${response.status} ${response.text}`);
  promotedShown += response.body.data.promoted.length;
});
console.log(
  `GET /api/app/v1/feed, random viewers: ${summary(feedTimes)}; ${(promotedShown / (FEED_CALLS + WARM_UP)).toFixed(1)} promoted shown on average (target p95 < 30 ms on PostgreSQL)`,
);

const token = await server.signIn(admin);
let listed = 0;
const listTimes = await timed(SEGMENT_LIST_RUNS, 1, async () => {
  const response = await server.request<{ data: unknown[] }>('GET', '/api/segment', { token });
  if (response.status !== 200) throw new Error(`segments: ${response.status} ${response.text}`);
  listed = response.body.data.length;
});
console.log(
  `GET /api/segment (${listed} segments, each counted): ${summary(listTimes)} (target < 200 ms)`,
);

const previewRules: SegmentRules = {
  match: 'all',
  conditions: [
    { field: 'platform', op: 'in', value: ['android', 'web'] },
    { field: 'first_seen_days', op: 'lt', value: 60 },
    { field: 'views', op: 'gte', value: 2 },
    { field: 'watched', op: 'eq', value: appMovieIds[0]! },
  ],
};
let previewed = 0;
const previewTimes = await timed(PREVIEW_RUNS, 3, async () => {
  const response = await server.request<{ data: { viewers: number } }>(
    'POST',
    '/api/segment/preview',
    { token, body: { rules: previewRules } },
  );
  if (response.status !== 200) throw new Error(`preview: ${response.status} ${response.text}`);
  previewed = response.body.data.viewers;
});
console.log(
  `POST /api/segment/preview (4 conditions, ${previewed} viewers): ${summary(previewTimes)} (target < 200 ms)`,
);
console.log(machineLine());
await server.close();
