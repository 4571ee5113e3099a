import { expect, type APIRequestContext } from '@playwright/test';
import { createForkStory, savedPlot } from './story-project.ts';

/**
 * The fork story's items (opening with its English subtitle and banner, question, left, right) in
 * a storyline of twelve plots, the tree of the storyline journey's twelve-plot story: the question
 * offers left, right and the opening again (an ending); left asks again (left or right, both
 * endings); right goes on through two bridges without a choice to its ending.
 */
export async function createTwelvePlotStory(
  request: APIRequestContext,
  headers: Record<string, string>,
  clip: string,
): Promise<number> {
  // The fork story brings the items, their captions, the subtitle and the banner; its four
  // plots are replaced by the twelve below (a save keeps only the plots it lists).
  const movieId = await createForkStory(request, headers, clip);
  const stored = await request.get(`/api/movie-plot/${movieId}`, { headers });
  const { data: fork, version } = (await stored.json()) as {
    data: { movie_content_id: number }[];
    version: number;
  };
  const [opening, question, left, right] = fork.map((plot) => plot.movie_content_id);
  const saved = await request.post('/api/movie-plot', {
    headers,
    data: {
      movie_id: movieId,
      version,
      plots: [
        { ...savedPlot(-1, null, opening), banner: [{ type: 'horizontal', time_start: 1 }] },
        savedPlot(-2, -1, question),
        savedPlot(-3, -2, left),
        savedPlot(-4, -3, question),
        savedPlot(-5, -4, left),
        savedPlot(-6, -4, right),
        savedPlot(-7, -2, right),
        savedPlot(-8, -7, question),
        savedPlot(-9, -8, left),
        savedPlot(-10, -9, question),
        savedPlot(-11, -10, right),
        savedPlot(-12, -2, opening),
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return movieId;
}

/** Sets the project's address and publishes it, through the API as step 4 does. */
export async function publishAt(
  request: APIRequestContext,
  headers: Record<string, string>,
  movieId: number,
  slug: string,
): Promise<void> {
  const settings = await request.post('/api/movie', { headers, data: { movieId, slug } });
  expect(settings.ok(), await settings.text()).toBe(true);
  const published = await request.post(`/api/movie/${movieId}/publish`, { headers });
  expect(published.ok(), await published.text()).toBe(true);
}
