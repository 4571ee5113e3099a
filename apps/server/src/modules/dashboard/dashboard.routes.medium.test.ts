import type { Dashboard } from '@plotline/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { startProjectSuite } from '../../test/test-projects.ts';

import { PROJECT_ENTITY_TYPES } from './dashboard.service.ts';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

const { server, make, owner, analystToken, strangerToken } = await startProjectSuite();
const tokens: Record<'internal' | 'accountManager' | 'king', string> = {
  internal: '',
  accountManager: '',
  king: '',
};
let story: number;
let firstDraft: number;
let strangerProject: number;
let today: number;

let addresses = 0;
async function view(slug: string, session: string, events: object[], daysAgo = 0) {
  server.clock.advance(-daysAgo * DAY_MS);
  try {
    const response = await server.request('POST', `/api/watch/${slug}/events`, {
      rawBody: JSON.stringify({ session: `viewing-${session}-0123456789`, events }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${++addresses}` },
    });
    expect(response.status, response.text).toBe(204);
  } finally {
    server.clock.advance(daysAgo * DAY_MS);
  }
}

beforeAll(async () => {
  for (const role of ['internal', 'accountManager', 'king'] as const) {
    tokens[role] = await server.signIn(await server.makeUser({ role, companyType: null }));
  }
  const later = () => server.clock.advance(MINUTE);

  const made = await make.makeStory(owner.token, 'dashboard-story');
  story = made.movieId;
  await make.publish(owner.token, story);
  const stranger = await make.makeStory(strangerToken, 'dashboard-stranger');
  await make.publish(strangerToken, stranger.movieId);
  later();
  firstDraft = await make.makeProject(owner.token, { title: 'First draft' });
  later();
  await make.makeProject(owner.token, { title: 'Second draft' });
  const seriesId = await make.makeSeries(owner.token, { title: 'A series' });
  later();
  await make.makeProject(owner.token, {
    type: 2,
    title: 'An episode',
    movieIdParent: seriesId,
    episodeNumber: 1,
  });
  later();
  // The first draft is the one changed last.
  const saved = await server.request('POST', '/api/movie', {
    token: owner.token,
    body: { movieId: firstDraft, type: 1, title: 'First draft, again', view_mode: 'vertical' },
  });
  expect(saved.status, saved.text).toBe(200);
  later();
  // Changes that are not project work, after it.
  await server.request('POST', '/api/user/profile', {
    token: owner.token,
    body: { full_name: 'Owner' },
  });
  later();
  strangerProject = await make.makeProject(strangerToken, { title: 'Elsewhere' });
  const disabled = await server.makeCompany();
  await server.db.update(companies).set({ status: 'disabled' }).where(eq(companies.id, disabled));

  await view('dashboard-story', 'a', [
    { type: 'start', at: 0 },
    { type: 'ending', at: 90_000, node_id: made.nodes.left },
  ]);
  await view('dashboard-story', 'b', [{ type: 'start', at: 0 }], 3);
  // Outside the last 30 days.
  await view('dashboard-story', 'c', [{ type: 'start', at: 0 }], 30);
  await view('dashboard-stranger', 'a', [{ type: 'start', at: 0 }]);
  const now = server.clock.now().getTime();
  today = now - (now % DAY_MS);
}, 120_000);

const dashboard = async (token: string) => {
  const response = await server.request<{ data: Dashboard }>('GET', '/api/dashboard', { token });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};

describe('GET /api/dashboard', () => {
  it("gives a contributor their company's projects, views, project work and last draft", async () => {
    const data = await dashboard(owner.token);
    expect(data.projects).toEqual({ total: 4, published: 1, drafts: 3 });
    expect(data.views).toMatchObject({ views: 2, completions: 1 });
    expect(data.views!.days).toHaveLength(30);
    expect(data.views!.days.at(-1)).toEqual({
      day: new Date(today).toISOString().slice(0, 10),
      views: 1,
      completions: 1,
    });
    expect(data.views!.days.at(-4)).toMatchObject({ views: 1, completions: 0 });
    expect(data.companies).toBeNull();
    expect(data.last_draft).toEqual({
      movieId: firstDraft,
      title: 'First draft, again',
      updated_at: expect.any(String),
    });

    const recent = data.recent_activity!;
    expect(recent).toHaveLength(8);
    expect(recent[0]).toMatchObject({
      action: 'movie.updated',
      entity_id: String(firstDraft),
      company_id: owner.companyId,
    });
    for (const row of recent) {
      expect(PROJECT_ENTITY_TYPES).toContain(row.entity_type);
      expect(row.company_id).toBe(owner.companyId);
    }
  });

  it('gives an analyst the same but for the last draft', async () => {
    const data = await dashboard(analystToken);
    expect(data.projects).toEqual({ total: 4, published: 1, drafts: 3 });
    expect(data.views).toMatchObject({ views: 2, completions: 1 });
    expect(data.recent_activity).toHaveLength(8);
    expect(data.last_draft).toBeNull();
    expect(data.companies).toBeNull();
  });

  it("gives internal staff the companies and every company's project work, no projects", async () => {
    const data = await dashboard(tokens.internal);
    expect(data.projects).toBeNull();
    expect(data.views).toBeNull();
    expect(data.last_draft).toBeNull();
    expect(data.companies).toEqual({ total: 3, active: 2 });
    expect(data.recent_activity![0]).toMatchObject({
      action: 'movie.created',
      entity_id: String(strangerProject),
    });
    expect(new Set(data.recent_activity!.map((row) => row.company_id)).size).toBe(2);
  });

  it('gives an account manager the companies only', async () => {
    expect(await dashboard(tokens.accountManager)).toEqual({
      projects: null,
      views: null,
      companies: { total: 3, active: 2 },
      recent_activity: null,
      last_draft: null,
    });
  });

  it('gives the root user every part, over every company', async () => {
    const data = await dashboard(tokens.king);
    expect(data.projects).toEqual({ total: 6, published: 2, drafts: 4 });
    expect(data.views).toMatchObject({ views: 3, completions: 1 });
    expect(data.companies).toEqual({ total: 3, active: 2 });
    expect(data.last_draft).toMatchObject({ movieId: strangerProject });
  });

  it('answers 401 signed out', async () => {
    expect((await server.request('GET', '/api/dashboard')).status).toBe(401);
  });
});
