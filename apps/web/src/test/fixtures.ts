import {
  bannerImageViews,
  CONTENT_TYPE,
  NO_NODE_LOGIC,
  type MovieContentStatus,
  type PlotNode,
  type Project,
  type SessionUser,
} from '@plotline/core';
import { useAppStore } from '../lib/app-store.ts';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: 'Ayu Lestari',
    email: 'ayu@plotline.test',
    role: 'administrator',
    company_type: 'company',
    avatar: null,
    password: true,
    identity_providers: [],
    // The guide opens on a first sign-in only; the pages under test are seen by returning users.
    guide_done: true,
    ...overrides,
  };
}

export function signInAs(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = makeUser(overrides);
  useAppStore.getState().signIn({ ...user, token: 'token-1' });
  return user;
}

/** A JSON reply the way the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A clip as the status call lists it: ready, with a poster, unless told otherwise. */
export function makeMovieContent(overrides: Partial<MovieContentStatus> = {}): MovieContentStatus {
  return {
    movie_content_id: 1,
    type: CONTENT_TYPE.clip,
    file_name: 'opening.mp4',
    url: '/media/hls/1/master.m3u8',
    thumbnail: '/media/hls/1/poster.jpg',
    status: 'ready',
    progress: 100,
    duration: 65,
    transcoder_log: null,
    lang: [],
    ...overrides,
  };
}

/**
 * A draft single project as `GET /api/movie/{movieId}` gives it: step 1 done, no items, no banner,
 * no slug yet, published to the web only (§9) with the share button shown.
 */
export function makeProject(overrides: Partial<Project> = {}): Project {
  const noImage = { url: null, mediaId: null };
  const {
    banners = { vertical_regular: noImage, horizontal: noImage, vertical_long: noImage },
    ...rest
  } = overrides;
  return {
    movieId: 5,
    type: 1,
    status: 'draft',
    title: 'The forest',
    synopsis: '',
    tags: [],
    view_mode: 'horizontal',
    thumbnailMobile: '/media/thumbnails/m.jpg',
    thumbnailDesktop: '/media/thumbnails/d.jpg',
    movieIdParent: null,
    series: null,
    episodeNumber: null,
    movieContent: [],
    language: [],
    button_text: '',
    button_color: '',
    button_text_color: '',
    url: '',
    client_id: null,
    client_name: null,
    slug: null,
    watch_url: null,
    app_channel_on: 0,
    shareable: 1,
    embed_origins: [],
    primaryLanguageId: null,
    published_at: null,
    paths_confirmed_version: null,
    ...bannerImageViews(banners),
    ...rest,
  };
}

/** A storyline node under `parentId` (null: the root), playing the item of its own id for 10 s. */
export function makePlotNode(
  id: number,
  parentId: number | null,
  overrides: Partial<PlotNode> = {},
): PlotNode {
  return {
    movie_plot_id: id,
    movie_content_id: id,
    parent_id: parentId,
    locked: '0',
    duration: 10,
    banner: [],
    ...NO_NODE_LOGIC,
    ...overrides,
  };
}
