import { CONTENT_TYPE, MESSAGES, NO_NODE_LOGIC } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../adapters/clock.ts';
import { createFakeBlobStore } from '../../test/fakes/fake-blob-store.ts';
import { createFakeData, FAKE_NOW, fakeCaller } from '../../test/fakes/fake-data.ts';
import { createFakeFfmpeg } from '../../test/fakes/fake-ffmpeg.ts';
import { holdNextCall, refusal, settle, track } from '../../test/fakes/interceptors.ts';
import { createPlotService, type PlotSave } from '../plot/plot.service.ts';
import { createTranscodingService } from '../transcoding/transcoding.service.ts';
import { createPublishingService } from './publishing.service.ts';

/**
 * Publishing is final and judged under the project's lock: the HTTP tests cannot make a change
 * overlap a publish on PGlite (one transaction at a time), so these do, both ways round.
 */

function makeProject() {
  const data = createFakeData();
  const deps = {
    projects: data.projects,
    plots: data.plots,
    contents: data.contents,
    clock: data.clock,
    transaction: data.transaction,
  };
  const publishing = createPublishingService({ ...deps, publicUrl: 'https://plotline.test' });
  const plot = createPlotService(deps);
  const movie = data.makeMovie({ slug: 'the-fork' });
  const owner = fakeCaller(movie.companyId);
  const clip = data.makeContent(movie.id).id;
  const bridge = data.makeContent(movie.id, { type: CONTENT_TYPE.bridge, durationSeconds: 5 }).id;
  return { data, publishing, plot, movieId: movie.id, owner, clip, bridge };
}

type Project = ReturnType<typeof makeProject>;

/** A new node of a save, without banner components or story logic. */
const newNode = (
  id: number,
  parentId: number | null,
  contentId: number,
): PlotSave['plots'][number] => ({
  movie_plot_id: id,
  parent_id: parentId,
  movie_content_id: contentId,
  locked: '0',
  banner: [],
  ...NO_NODE_LOGIC,
});

/** A storyline of one clip, saved from version 0. */
const oneClip = ({ plot, owner, movieId, clip }: Project) =>
  plot.save(owner, { movie_id: movieId, version: 0, plots: [newNode(-1, null, clip)] });

describe('publishing while the project changes', () => {
  it('waits for a storyline save under way and judges the storyline it leaves', async () => {
    const project = makeProject();
    const { data, publishing, plot, owner, movieId, bridge } = project;
    const saved = await oneClip(project);
    const stillTranscoding = data.makeContent(movieId, { status: 'playable', progress: 40 }).id;
    const held = holdNextCall(data.plots, 'insertPlot');
    const save = track(
      plot.save(owner, {
        movie_id: movieId,
        version: 1,
        plots: [
          ...saved.data,
          newNode(-1, saved.data[0]!.movie_plot_id, bridge),
          newNode(-2, -1, stillTranscoding),
        ],
      }),
    );
    await held.reached;

    const publish = track(publishing.publish(owner, movieId));
    await settle();
    expect(publish.settled).toBe(false);
    held.release();
    expect((await save.promise).data).toHaveLength(3);
    const refused = await refusal(publish.promise);
    expect([refused.status, refused.message]).toEqual([400, MESSAGES.publishNotReady]);
    expect(data.tables.movies.find(movieId)).toMatchObject({ status: 'draft', publishedAt: null });
  });

  it('refuses a transcode retry that waited behind the publish, and queues nothing', async () => {
    const project = makeProject();
    const { data, publishing, owner, movieId } = project;
    await oneClip(project);
    // An item outside the storyline may have failed: it does not hold the publish back.
    const outtake = data.makeContent(movieId, { status: 'failed', transcoderLog: 'broken' }).id;
    const transcoding = createTranscodingService({
      contents: data.contents,
      projects: data.projects,
      queue: data.queue,
      blobs: createFakeBlobStore(),
      ffmpeg: createFakeFfmpeg(),
      clock: systemClock,
      transaction: data.transaction,
      workDir: '/nonexistent',
    });
    const held = holdNextCall(data.projects, 'markPublished');
    const publish = track(publishing.publish(owner, movieId));
    await held.reached;

    const retry = track(transcoding.retry(owner, outtake));
    await settle();
    expect(retry.settled).toBe(false);
    held.release();
    expect((await publish.promise).slug).toBe('the-fork');
    const refused = await refusal(retry.promise);
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(data.queue.queued).toEqual([]);
    expect(data.tables.contents.find(outtake)).toMatchObject({ status: 'failed', attempt: 1 });
  });

  it('publishes once when asked twice at once: the second waits, then finds it published', async () => {
    const project = makeProject();
    const { data, publishing, owner, movieId } = project;
    await oneClip(project);
    const held = holdNextCall(data.projects, 'markPublished');
    const first = track(publishing.publish(owner, movieId));
    await held.reached;
    const second = track(publishing.publish(owner, movieId));
    await settle();
    expect(second.settled).toBe(false);

    data.clock.advance(60_000);
    held.release();
    expect(await first.promise).toEqual({
      slug: 'the-fork',
      url: 'https://plotline.test/watch/the-fork',
      published_at: FAKE_NOW.toISOString(),
    });
    const refused = await refusal(second.promise);
    expect([refused.status, refused.message]).toEqual([409, MESSAGES.projectPublished]);
    expect(data.tables.movies.find(movieId)!.publishedAt).toEqual(FAKE_NOW);
  });
});

describe('what a publish checks', () => {
  it("lets internal staff publish a company's project, and hides it from another company", async () => {
    const project = makeProject();
    const { publishing, movieId } = project;
    await oneClip(project);
    const hidden = await refusal(publishing.publish(fakeCaller(2), movieId));
    expect([hidden.status, hidden.message]).toEqual([404, MESSAGES.projectNotFound]);
    const published = await publishing.publish(fakeCaller(null, 'internal'), movieId);
    expect(published.slug).toBe('the-fork');
  });
});
