import { PROJECT_TYPE } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makeProject } from '../../../test/fixtures.ts';
import {
  cleanTags,
  projectInfoResolver,
  projectInfoValues,
  toProjectInfo,
  type ProjectInfoValues,
} from './project-info-values.ts';

const values = (overrides: Partial<ProjectInfoValues> = {}): ProjectInfoValues => ({
  type: PROJECT_TYPE.single,
  title: ' The forest ',
  synopsis: '',
  tags: [],
  view_mode: 'vertical',
  movieIdParent: null,
  episodeNumber: null,
  client_name: '',
  ...overrides,
});

async function resolve(form: ProjectInfoValues) {
  return projectInfoResolver(form, undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('projectInfoValues', () => {
  it('starts a new project empty and single', () => {
    expect(projectInfoValues()).toEqual({
      type: PROJECT_TYPE.single,
      title: '',
      synopsis: '',
      tags: [],
      view_mode: undefined,
      movieIdParent: null,
      episodeNumber: null,
      client_name: '',
    });
  });

  it("reads the project's client by name, empty for none", () => {
    expect(projectInfoValues(makeProject({ client_id: 3, client_name: 'Acme' })).client_name).toBe(
      'Acme',
    );
    expect(projectInfoValues(makeProject()).client_name).toBe('');
  });

  it('starts a new episode of a given series, its number still to choose', () => {
    expect(projectInfoValues(undefined, 40)).toMatchObject({
      type: PROJECT_TYPE.episode,
      movieIdParent: 40,
      episodeNumber: null,
    });
    // A saved project keeps what it is.
    expect(projectInfoValues(makeProject(), 40)).toMatchObject({
      type: PROJECT_TYPE.single,
      movieIdParent: null,
    });
  });

  it('reads an episode with its series and number', () => {
    const project = makeProject({ type: 2, movieIdParent: 40, episodeNumber: 3 });
    expect(projectInfoValues(project)).toMatchObject({
      type: PROJECT_TYPE.episode,
      movieIdParent: 40,
      episodeNumber: 3,
    });
  });
});

describe('projectInfoResolver', () => {
  it("checks with core's schema and trims", async () => {
    expect((await resolve(values())).values).toMatchObject({ title: 'The forest' });
    const refused = await resolve(values({ title: '  ' }));
    expect(refused.errors.title?.message).toBe('Required');
  });

  it('asks an episode for its series and number', async () => {
    const refused = await resolve(values({ type: PROJECT_TYPE.episode, movieIdParent: 40 }));
    expect(refused.errors.episodeNumber?.message).toBe('Required');
  });

  it('gives a trimmed client name, and none for an empty field', async () => {
    expect((await resolve(values({ client_name: '  Acme  ' }))).values).toMatchObject({
      client_name: 'Acme',
    });
    expect((await resolve(values({ client_name: '   ' }))).values).toMatchObject({
      client_name: null,
    });
  });
});

describe('toProjectInfo', () => {
  it('sends the series fields of an episode only, and the project once it has one', () => {
    const info = {
      type: PROJECT_TYPE.single,
      title: 'A',
      synopsis: '',
      tags: [],
      view_mode: 'horizontal' as const,
      movieIdParent: 40,
      episodeNumber: 2,
      client_name: 'Acme',
    };
    expect(toProjectInfo(info, undefined, false)).toEqual({
      type: 1,
      title: 'A',
      synopsis: '',
      tags: [],
      view_mode: 'horizontal',
    });
    expect(toProjectInfo({ ...info, type: PROJECT_TYPE.episode }, 5, false)).toEqual({
      movieId: 5,
      type: 2,
      title: 'A',
      synopsis: '',
      tags: [],
      view_mode: 'horizontal',
      movieIdParent: 40,
      episodeNumber: 2,
    });
  });

  it('sends the client only for those who may set it (core canSetProjectClient)', () => {
    const info = {
      type: PROJECT_TYPE.single,
      title: 'A',
      synopsis: '',
      tags: [],
      view_mode: 'horizontal' as const,
      client_name: null,
    };
    expect(toProjectInfo(info, 5, true)).toHaveProperty('client_name', null);
    expect(toProjectInfo(info, 5, false)).not.toHaveProperty('client_name');
  });
});

describe('cleanTags', () => {
  it('drops blank and repeated tags, whatever their case', () => {
    expect(cleanTags([' mystery ', '', '   ', 'Mystery', 'night'])).toEqual(['mystery', 'night']);
  });
});
