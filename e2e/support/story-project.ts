import { CONTENT_TYPE } from '@plotline/core';
import { expect, type APIRequestContext } from '@playwright/test';

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
    ids.set(name, file!.movie_content_id);
    const captioned = await request.post('/api/movie-content/lang', {
      headers,
      data: { movie_content_id: file!.movie_content_id, language_id: 1, caption },
    });
    expect(captioned.ok(), await captioned.text()).toBe(true);
  }
  await expect
    .poll(
      async () => {
        const status = await request.get(`/api/transcoder/movie-status/${movieId}`, { headers });
        const { data } = (await status.json()) as { data: { status: string }[] };
        return data.every((item) => item.status === 'ready');
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe(true);
  return ids;
}
