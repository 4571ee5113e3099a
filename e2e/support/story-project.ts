import { CONTENT_TYPE } from '@plotline/core';
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext } from '@playwright/test';
import { createProjectInfo, PNG } from './project-api.ts';

export interface StoryItem {
  name: string;
  type: (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];
  caption: string;
}

/** An opening clip, a bridge asking the question and two answer clips. */
export const FORK_ITEMS: readonly StoryItem[] = [
  { name: 'opening.mp4', type: CONTENT_TYPE.clip, caption: 'The forest at dawn' },
  { name: 'question.mp4', type: CONTENT_TYPE.bridge, caption: 'Which path?' },
  { name: 'left.mp4', type: CONTENT_TYPE.clip, caption: 'Take the left path' },
  { name: 'right.mp4', type: CONTENT_TYPE.clip, caption: 'Take the right path' },
];

/** A node of a storyline save (`POST /api/movie-plot`): unlocked, playing `contentId`, no banner. */
export const savedPlot = (id: number, parent: number | null, contentId: number | undefined) => ({
  movie_plot_id: id,
  movie_content_id: contentId,
  parent_id: parent,
  locked: '0',
  duration: 0,
  banner: [] as { type: string; time_start: number }[],
});

/** Uploads `video` to project `movieId` as one item of `type` named `name`; answers its id. */
export async function uploadItem(
  request: APIRequestContext,
  headers: Record<string, string>,
  movieId: number,
  { name, type, video }: { name: string; type: number; video: Buffer },
): Promise<number> {
  const uploaded = await request.post('/api/v1.5/upload/movie-content', {
    headers,
    multipart: {
      movieId: String(movieId),
      view_mode: 'horizontal',
      type: String(type),
      contentType: 'video',
      uploads: { name, mimeType: 'video/mp4', buffer: video },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const [file] = ((await uploaded.json()) as { data: { files: { movie_content_id: number }[] } })
    .data.files;
  return file!.movie_content_id;
}

/** Waits until the server's worker has transcoded every item of `movieId`; fails on a failed one. */
export async function waitUntilTranscoded(
  request: APIRequestContext,
  headers: Record<string, string>,
  movieId: number,
  timeout = 150_000,
): Promise<void> {
  let state = 'pending';
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/transcoder/movie-status/${movieId}`, { headers });
        const { data } = (await status.json()) as { data: { status: string }[] };
        if (data.some((item) => item.status === 'failed')) state = 'failed';
        else if (data.every((item) => item.status === 'ready')) state = 'ready';
        return state;
      },
      { timeout, intervals: [1000] },
    )
    .not.toBe('pending');
  expect(state, 'a transcode failed').toBe('ready');
}

/**
 * Uploads `video` to project `movieId` once per item, under the item's name, captions each in
 * English and waits until the server's worker has transcoded them all (the storyline needs their
 * durations, the player their streams). Answers the items' ids by file name.
 */
export async function addCaptionedItems(
  request: APIRequestContext,
  headers: Record<string, string>,
  movieId: number,
  video: Buffer,
  items: readonly StoryItem[] = FORK_ITEMS,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { name, type, caption } of items) {
    const id = await uploadItem(request, headers, movieId, { name, type, video });
    ids.set(name, id);
    const captioned = await request.post('/api/movie-content/lang', {
      headers,
      data: { movie_content_id: id, language_id: 1, caption },
    });
    expect(captioned.ok(), await captioned.text()).toBe(true);
  }
  await waitUntilTranscoded(request, headers, movieId);
  return ids;
}

const SUBTITLE = '1\n00:00:00,000 --> 00:00:02,800\nDawn breaks over the forest\n';
export const BANNER_BUTTON = 'Get tickets';

/**
 * The fork story, made through the API up to the storyline: the opening with an English subtitle
 * and a horizontal banner component from its first second, then the question with two answers.
 */
export async function createForkStory(
  request: APIRequestContext,
  headers: Record<string, string>,
  clip: string,
) {
  const movieId = await createProjectInfo(request, headers, 'The fork in the road');
  const ids = await addCaptionedItems(request, headers, movieId, await readFile(clip));

  const subtitle = await request.post('/api/upload/subtitle', {
    headers,
    multipart: {
      movie_content_id: String(ids.get('opening.mp4')),
      language_id: '1',
      uploads: {
        name: 'opening.en.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from(SUBTITLE),
      },
    },
  });
  expect(subtitle.ok(), await subtitle.text()).toBe(true);

  const image = await request.post('/api/upload/banner/horizontal', {
    headers,
    multipart: {
      movieId: String(movieId),
      uploads: { name: 'banner.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const banner = await request.post('/api/media/banner', {
    headers,
    data: {
      movie_id: movieId,
      url: 'https://tickets.example/fork',
      button_text: BANNER_BUTTON,
      button_color: '#1b5e20',
      button_text_color: '#ffffff',
    },
  });
  expect(banner.ok(), await banner.text()).toBe(true);

  const plot = (id: number, parent: number | null, item: string) =>
    savedPlot(id, parent, ids.get(item));
  const saved = await request.post('/api/movie-plot', {
    headers,
    data: {
      movie_id: movieId,
      version: 0,
      plots: [
        { ...plot(-1, null, 'opening.mp4'), banner: [{ type: 'horizontal', time_start: 1 }] },
        plot(-2, -1, 'question.mp4'),
        plot(-3, -2, 'left.mp4'),
        plot(-4, -2, 'right.mp4'),
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return movieId;
}
