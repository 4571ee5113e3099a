import { encodeStateParam, VARIABLE_NUMBER_LIMIT, type StoryVariable } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { makePlotNode } from '../../../test/fixtures.ts';
import {
  goTo,
  setValue,
  startTrail,
  storyStateOf,
  trailFits,
  withStartState,
} from './path-trail.ts';

const VARIABLES: StoryVariable[] = [
  { name: 'score', kind: 'number', start: 1 },
  { name: 'met_alex', kind: 'flag', start: false },
];
const PLOT = [
  makePlotNode(1, null, { effects: [{ variable: 'met_alex', op: 'set', value: true }] }),
  makePlotNode(2, 1, { effects: [{ variable: 'score', op: 'add', value: 5 }] }),
  makePlotNode(3, 2),
];

/** What the player does with the address's `state`: base64url back to bytes, UTF-8, JSON. */
function decode(param: string): unknown {
  const base64 = param.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

describe('path trail', () => {
  it("starts at the first clip with the start values and the clip's own effects", () => {
    expect(startTrail(PLOT, VARIABLES)).toEqual([
      { node_id: 1, values: { score: 1, met_alex: true } },
    ]);
    expect(startTrail([], VARIABLES)).toEqual([]);
  });

  it('keeps the state of where the path is, the plots before it as its history', () => {
    const trail = goTo(PLOT, goTo(PLOT, startTrail(PLOT, VARIABLES), 2), 3);
    expect(storyStateOf(trail)).toEqual({
      node_id: 3,
      values: { score: 6, met_alex: true },
      history: [1, 2],
    });
  });

  it("keeps a set number whole and within core's bound", () => {
    const trail = startTrail(PLOT, VARIABLES);
    expect(setValue(trail, 'score', 2_000_000)[0]!.values.score).toBe(VARIABLE_NUMBER_LIMIT);
    expect(setValue(trail, 'score', -4.7)[0]!.values.score).toBe(-4);
  });

  it('no longer fits a storyline whose plot or variables changed', () => {
    const trail = goTo(PLOT, startTrail(PLOT, VARIABLES), 2);
    expect(trailFits(PLOT, VARIABLES, trail)).toBe(true);
    expect(trailFits(PLOT.slice(0, 1), VARIABLES, trail)).toBe(false);
    expect(trailFits(PLOT, [{ name: 'score', kind: 'flag', start: false }], trail)).toBe(false);
    expect(trailFits(PLOT, VARIABLES, [])).toBe(false);
  });

  it('carries the state in a preview address as base64url JSON, without padding', () => {
    const state = { node_id: 3, values: { score: -2, met_alex: true }, history: [1, 2] };
    const encoded = encodeStateParam(state);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decode(encoded)).toEqual(state);

    const url = new URL(withStartState('/watch/preview/5?forceMobile=true', state), 'http://x');
    expect(url.pathname).toBe('/watch/preview/5');
    expect(url.searchParams.get('forceMobile')).toBe('true');
    expect(decode(url.searchParams.get('state')!)).toEqual(state);
    expect(new URL(withStartState('/watch/preview/5', state), 'http://x').search).toBe(
      `?state=${encoded}`,
    );
  });
});
