import { ACTIVITY_ENTITY_TYPES, type ActivityEntityType } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLog, movies } from '../../db/schema/index.ts';
import { signInThroughApi, startTestIssuer, type TestIssuer } from '../../test/oidc-issuers.ts';
import { projectFactories } from '../../test/test-projects.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
let google: TestIssuer;

beforeAll(async () => {
  google = await startTestIssuer({
    kind: 'google',
    redirectUri: 'http://studio.test/api/auth/oidc/google/callback',
  });
  server = await startTestServer({
    identityProviders: [
      {
        kind: 'google',
        name: 'Google',
        issuer: google.url,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
      },
    ],
  });
});
afterAll(async () => {
  await server.close();
  await google.close();
});

type Row = {
  actor_id: number | null;
  actor_email: string | null;
  company_id: number | null;
  company_name: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  ip: string | null;
  created_at: string;
};
type PageBody = { data: { rows: Row[]; total: number } };

describe('the activity log', () => {
  it('records every change made through the API, with who, which company and from where', async () => {
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    const staffToken = await server.signIn(staff);
    const created = await server.request<{ data: { id: number } }>('POST', '/api/company', {
      token: staffToken,
      body: { name: 'Logged Ltd', type: 'company', adminEmail: 'logged@example.com' },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    const companyId = created.body.data.id;
    const failed = await server.request('POST', '/api/company', {
      token: staffToken,
      body: { name: 'Nope', type: 'company', adminEmail: 'logged@example.com' },
    });
    expect(failed.status).toBe(409);

    const log = await server.request<PageBody>('GET', `/api/activity-log?actor=${staff.id}`, {
      token: staffToken,
    });
    expect(log.status).toBe(200);
    expect(log.body.data.rows.map((row) => row.action)).toEqual(['company.created', 'auth.login']);
    expect(log.body.data.rows[0]).toMatchObject({
      actor_id: staff.id,
      actor_email: staff.email,
      company_id: companyId,
      company_name: 'Logged Ltd',
      entity_type: 'company',
      entity_id: String(companyId),
      summary: 'Created the company "Logged Ltd"',
      ip: '198.51.100.7',
    });

    const byCompany = await server.request<PageBody>(
      `GET`,
      `/api/activity-log?companyId=${companyId}`,
      {
        token: staffToken,
      },
    );
    expect(byCompany.body.data.rows.map((row) => row.action)).toEqual(['company.created']);
  });

  it('filters by entity type and by days, both ends included', async () => {
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    const token = await server.signIn(staff);
    const today = server.clock.now().toISOString().slice(0, 10);

    const sessions = await server.request<PageBody>(
      'GET',
      `/api/activity-log?entity=session&from=${today}&to=${today}&actor=${staff.id}`,
      { token },
    );
    expect(sessions.body.data.rows).toEqual([expect.objectContaining({ action: 'auth.login' })]);
    const later = await server.request<PageBody>('GET', `/api/activity-log?from=2999-01-01`, {
      token,
    });
    expect(later.body.data).toEqual({ rows: [], total: 0 });

    const badDay = await server.request('GET', '/api/activity-log?from=yesterday', { token });
    expect(badDay.status).toBe(400);
    expect(badDay.body).toEqual({ message: 'from: Use a date as YYYY-MM-DD' });
  });

  it('pages newest first', async () => {
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    for (let i = 0; i < 3; i++) {
      await server.signIn(staff);
      server.clock.advance(1000);
    }
    const token = await server.signIn(staff);
    const page = await server.request<PageBody>(
      `GET`,
      `/api/activity-log?actor=${staff.id}&perPage=3&page=2`,
      {
        token,
      },
    );
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.rows).toHaveLength(1);
    const first = await server.request<PageBody>(
      `GET`,
      `/api/activity-log?actor=${staff.id}&perPage=4`,
      {
        token,
      },
    );
    const times = first.body.data.rows.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('is for internal staff only', async () => {
    for (const role of ['superadmin', 'administrator', 'accountManager'] as const) {
      const token = await server.signIn(
        await server.makeUser({ role, companyType: role === 'accountManager' ? null : 'company' }),
      );
      expect((await server.request('GET', '/api/activity-log', { token })).status).toBe(403);
    }
  });

  it('filters by every kind of entity the server logs, and refuses a kind it does not know', async () => {
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    const staffToken = await server.signIn(staff);
    const company = await server.request('POST', '/api/company', {
      token: staffToken,
      body: { name: 'Every Kind Ltd', type: 'company', adminEmail: 'every-kind@example.com' },
    });
    expect(company.status).toBe(201);

    const contributor = await server.makeUser({ role: 'contributor' });
    const token = await server.signIn(contributor);
    const factories = await projectFactories(server);
    try {
      const story = await factories.makeStory(token, 'every-kind');
      await factories.makeSeries(token);
      const lock = await server.request('PUT', '/api/movie-plot/lock', {
        token,
        body: { movie_plot_id: story.nodes.opening, status: true },
      });
      expect(lock.status).toBe(200);
      const cut = await server.request('POST', `/api/movie/${story.movieId}/linear-cuts`, {
        token,
        body: { choices: [story.nodes.left], language_id: null },
      });
      expect(cut.status, cut.text).toBe(202);
      const password = await server.request('POST', '/api/user/reset_password', {
        token,
        body: { current_password: contributor.password, password: 'a new password' },
      });
      expect(password.status).toBe(200);
      // A platform administrator promotes the story once it is published on the app channel.
      await factories.setPublished(story.movieId);
      await server.db
        .update(movies)
        .set({ appChannelOn: true })
        .where(eq(movies.id, story.movieId));
      const platformToken = await server.signIn(
        await server.makeUser({ role: 'administrator', companyType: 'platform' }),
      );
      const promoted = await server.request('POST', '/api/promoted', {
        token: platformToken,
        body: { movie_id: story.movieId },
      });
      expect(promoted.status).toBe(201);
      const segment = await server.request('POST', '/api/segment', {
        token: platformToken,
        body: {
          name: 'Android',
          rules: { match: 'all', conditions: [{ field: 'platform', op: 'eq', value: 'android' }] },
        },
      });
      expect(segment.status).toBe(201);
      // The root user switches maintenance mode on, and off again for the tests that follow.
      const rootToken = await server.signIn(
        await server.makeUser({ role: 'king', companyType: null }),
      );
      for (const on of [true, false]) {
        const maintenance = await server.request('PUT', '/api/maintenance', {
          token: rootToken,
          body: { on },
        });
        expect(maintenance.status).toBe(200);
      }
      // The contributor links their Google account by signing in with it.
      const linked = await signInThroughApi({
        baseUrl: server.baseUrl,
        kind: 'google',
        login: contributor.email,
      });
      expect(linked.result.searchParams.get('handoff')).toBeTruthy();
    } finally {
      await factories.cleanUp();
    }

    // What the calls above wrote, one action of each kind; the filter must find each.
    const written: Record<ActivityEntityType, string> = {
      session: 'auth.login',
      user: 'user.password_changed',
      company: 'company.created',
      movie: 'movie.created',
      series: 'series.created',
      movie_content: 'movie_content.caption_saved',
      movie_plot: 'plot.locked',
      banner_image: 'movie.banner_uploaded',
      promoted: 'promoted.created',
      segment: 'segment.created',
      operator_settings: 'maintenance.off',
      user_identity: 'identity.linked',
      linear_cut: 'linear_cut.created',
    };
    for (const type of ACTIVITY_ENTITY_TYPES) {
      const filtered = await server.request<PageBody>(
        'GET',
        `/api/activity-log?entity=${type}&perPage=100`,
        { token: staffToken },
      );
      expect(filtered.status).toBe(200);
      expect(filtered.body.data.rows.map((row) => row.entity_type)).toEqual(
        filtered.body.data.rows.map(() => type),
      );
      expect(filtered.body.data.rows.map((row) => row.action)).toContain(written[type]);
    }

    const stored = await server.db
      .selectDistinct({ type: activityLog.entityType })
      .from(activityLog);
    expect(ACTIVITY_ENTITY_TYPES).toEqual(expect.arrayContaining(stored.map((row) => row.type)));

    for (const unknown of ['auth', 'projects', '']) {
      const refused = await server.request('GET', `/api/activity-log?entity=${unknown}`, {
        token: staffToken,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        message:
          'entity: Unknown entity type: use one of session, user, company, movie, series, movie_content, movie_plot, banner_image, promoted, segment, operator_settings, user_identity, linear_cut',
      });
    }
  });

  it('lists the entity types in the OpenAPI document', async () => {
    const document = await server.request<{
      paths: Record<
        string,
        { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }
      >;
    }>('GET', '/api/docs/json');
    const entity = document.body.paths['/api/activity-log']!.get.parameters.find(
      (parameter) => parameter.name === 'entity',
    );
    expect(entity?.schema.enum).toEqual([...ACTIVITY_ENTITY_TYPES]);
  });
});
