import { randomUUID } from 'node:crypto';
import { CONTENT_TYPE, type Role } from '@plotline/core';
import { ManualClock } from '../../adapters/clock.ts';
import type { AuthContext } from '../../access/caller.ts';
import type { PlotRecord } from '../../modules/plot/plot.repository.ts';
import { FakeDatabase } from './fake-database.ts';
import { createFakeJobQueue } from './fake-job-queue.ts';
import {
  createFakeMovieContents,
  type FakeContentRow,
  type FakeLanguageRow,
} from './fake-movie-contents.ts';
import { createFakePlots } from './fake-plots.ts';
import {
  createFakeProjects,
  type FakeBannerImageRow,
  type FakeClientRow,
  type FakeMovieRow,
} from './fake-projects.ts';

/** The moment every fake clock starts at. */
export const FAKE_NOW = new Date('2026-03-01T12:00:00.000Z');

/** A signed-in caller of a company (or of none: internal staff), administrator unless told. */
export function fakeCaller(companyId: number | null, role: Role = 'administrator'): AuthContext {
  return { userId: 1, sessionId: randomUUID(), companyId, role, companyType: 'company' };
}

/**
 * The fake database with the tables the project, content, plot, publishing and transcoding
 * services read, their fake repositories, a job queue and a clock standing at FAKE_NOW; and
 * factories that write rows straight into the tables, as the HTTP tests' factories do.
 */
export function createFakeData() {
  const db = new FakeDatabase();
  const tables = {
    movies: db.table<FakeMovieRow>(),
    plots: db.table<PlotRecord>(),
    contents: db.table<FakeContentRow>(),
    languages: db.table<FakeLanguageRow>(),
    clients: db.table<FakeClientRow>(),
    bannerImages: db.table<FakeBannerImageRow>(),
  };

  return {
    db,
    tables,
    transaction: db.transaction,
    clock: new ManualClock(FAKE_NOW),
    projects: createFakeProjects(db, tables),
    plots: createFakePlots(db, tables),
    contents: createFakeMovieContents(db, tables),
    queue: createFakeJobQueue(db),

    /** A draft of company 1 with everything publishing asks for but a storyline. */
    makeMovie(values: Partial<FakeMovieRow> = {}): FakeMovieRow {
      return tables.movies.insert({
        companyId: 1,
        createdBy: 1,
        type: 1,
        title: 'The fork',
        synopsis: '',
        tags: [],
        viewMode: 'horizontal',
        thumbnailMobile: 'images/mobile.png',
        thumbnailDesktop: 'images/desktop.png',
        seriesId: null,
        episodeNumber: null,
        buttonText: '',
        buttonColor: '',
        buttonTextColor: '',
        bannerUrl: '',
        status: 'draft',
        slug: 'the-fork',
        appChannelOn: false,
        shareable: false,
        embedOrigins: [],
        primaryLanguageId: null,
        publishedAt: null,
        pathsConfirmedVersion: null,
        clientId: null,
        plotVersion: 0,
        storyVariables: [],
        ...values,
      });
    },

    /** A transcoded clip of the movie, 60 s long unless told. */
    makeContent(movieId: number, values: Partial<FakeContentRow> = {}): FakeContentRow {
      return tables.contents.insert({
        movieId,
        type: CONTENT_TYPE.clip,
        fileName: 'clip.mp4',
        sourceKey: `sources/${randomUUID()}`,
        sourceBytes: 1000,
        status: 'ready',
        progress: 100,
        attempt: 1,
        durationSeconds: 60,
        hlsKey: null,
        thumbnailKey: null,
        transcoderLog: null,
        ...values,
      });
    },

    /** A stored node of the movie's storyline. */
    makePlot(
      movieId: number,
      values: Pick<PlotRecord, 'movieContentId'> & Partial<Omit<PlotRecord, 'id' | 'movieId'>>,
    ): PlotRecord {
      return tables.plots.insert({
        movieId,
        parentId: null,
        locked: false,
        duration: 0,
        position: 0,
        banner: [],
        condition: null,
        effects: [],
        branch: 'choice',
        decisionSeconds: null,
        defaultOptionId: null,
        gotoId: null,
        ...values,
      });
    },
  };
}

export type FakeData = ReturnType<typeof createFakeData>;
