import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from './messages.ts';
import type { PlotNode } from './plot.ts';
import { validatePlot } from './plot-validation.ts';
import { logicProblems } from './logic-problems.ts';
import {
  checkStory,
  STORY_CHECK_STATES_MAX,
  storyCheckBlocks,
  storyCheckIncomplete,
  storyCheckRefusal,
  walkStory,
  type ChoiceStep,
  type StoryProblem,
} from './story-check.ts';
import { applyEffects, startValues, type StoryVariable } from './story-logic.ts';
import {
  add,
  flagVariable,
  ITEMS,
  layeredStory,
  node,
  numberVariable,
  setTo,
  story,
  when,
} from './test/plot.ts';
import { randomStory, type RandomStory } from './test/random-story.ts';

const SCORE = [numberVariable('score')];
const BOTH = [numberVariable('score'), flagVariable('met_alex')];

const problemsOf = (nodes: PlotNode[], variables: StoryVariable[] = BOTH) =>
  logicProblems(nodes, variables).map((problem) => [problem.kind, problem.movie_plot_id]);
const messagesOf = (nodes: PlotNode[], variables: StoryVariable[] = BOTH) =>
  logicProblems(nodes, variables).map((problem) => problem.message);
const check = (nodes: PlotNode[], variables: StoryVariable[] = BOTH, maxStates?: number) =>
  checkStory(nodes, ITEMS, variables, maxStates === undefined ? {} : { maxStates });
const found = (problems: StoryProblem[]) =>
  problems.map((problem) => [problem.kind, problem.movie_plot_id, problem.severity]);

/** `story()` with its last two plots changed. */
const withOptions = (three: Partial<PlotNode>, four: Partial<PlotNode>, two = {}) => [
  node(1, null, 1),
  node(2, 1, 11, two),
  node(3, 2, 1, three),
  node(4, 2, 2, four),
];

describe('logicProblems', () => {
  it('accepts a story without logic and one with well-formed logic', () => {
    expect(logicProblems(story(), [])).toEqual([]);
    const logic = withOptions(
      { effects: [add('score', 2), setTo('met_alex', true)] },
      { condition: when('score', 'ge', 1, 'or', { variable: 'met_alex', op: 'eq', value: true }) },
      { decision_seconds: 10, default_option_id: 3 },
    );
    expect(logicProblems(logic, BOTH)).toEqual([]);
  });

  it('names unknown variables and uses against their kind, each once per plot', () => {
    const nodes = withOptions(
      { condition: when('nobody', 'eq', 1), effects: [setTo('nobody', 2)] },
      { condition: when('met_alex', 'lt', true), effects: [add('met_alex', 1)] },
    );
    expect(logicProblems(nodes, BOTH)).toEqual([
      {
        kind: 'variable',
        message: formatMessage(MESSAGES.variableUnknown, { variable: 'nobody' }),
        movie_plot_id: 3,
      },
      {
        kind: 'variable',
        message: formatMessage(MESSAGES.variableIsFlag, { variable: 'met_alex' }),
        movie_plot_id: 4,
      },
    ]);
    expect(messagesOf(withOptions({ effects: [setTo('score', true)] }, {}))).toEqual([
      formatMessage(MESSAGES.variableIsNumber, { variable: 'score' }),
    ]);
    expect(messagesOf(withOptions({ condition: when('met_alex', 'eq', 1) }, {}))).toEqual([
      formatMessage(MESSAGES.variableIsFlag, { variable: 'met_alex' }),
    ]);
  });

  it('refuses a condition on the first clip, whose effects are fine', () => {
    expect(
      messagesOf([node(1, null, 1, { condition: when('score', 'eq', 0) }), node(2, 1, 11)]),
    ).toEqual([MESSAGES.logicOnRoot]);
    expect(messagesOf([node(1, null, 1, { effects: [add('score', 1)] })])).toEqual([]);
  });

  it('needs a default among the options, without a condition', () => {
    expect(messagesOf(withOptions({}, {}, { default_option_id: 1 }))).toEqual([
      MESSAGES.defaultNotOption,
    ]);
    expect(
      messagesOf(withOptions({ condition: when('score', 'eq', 0) }, {}, { default_option_id: 3 })),
    ).toEqual([MESSAGES.defaultHasCondition]);
  });

  it('needs a link to a plot of the other type, from a plot without options', () => {
    expect(messagesOf(withOptions({ goto_id: 99 }, {}))).toEqual([MESSAGES.gotoUnknown]);
    expect(messagesOf(withOptions({ goto_id: 4 }, {}))).toEqual([MESSAGES.gotoAlternation]);
    expect(messagesOf([node(1, null, 1, { goto_id: 3 }), node(2, 1, 11), node(3, 2, 1)])).toEqual([
      MESSAGES.gotoAlternation,
      MESSAGES.gotoWithOptions,
    ]);
    expect(messagesOf(withOptions({ goto_id: 2 }, {}))).toEqual([]);
  });

  it('refuses loops of links, single options and automatic branches', () => {
    // 3 continues at 2, which asks: a loop the viewer can leave.
    expect(problemsOf(withOptions({ goto_id: 2 }, {}))).toEqual([]);
    // A single option back to its bridge: round forever.
    expect(problemsOf([node(1, null, 1), node(2, 1, 11), node(3, 2, 1, { goto_id: 2 })])).toEqual([
      ['auto-loop', 2],
    ]);
    // An automatic branch whose every option may come back.
    const auto = withOptions({ goto_id: 2 }, {}, { branch: 'auto', default_option_id: 4 });
    expect(messagesOf(auto)).toEqual([MESSAGES.autoLoop]);
  });

  it('is part of validatePlot, after the tree and its items', () => {
    const nodes = withOptions({ condition: when('nobody', 'eq', 1) }, { movie_content_id: null });
    expect(validatePlot(nodes, ITEMS, BOTH).map((problem) => problem.kind)).toEqual([
      'no-item',
      'variable',
    ]);
    expect(validatePlot(nodes, ITEMS).map((problem) => problem.kind)).toEqual([
      'no-item',
      'variable',
    ]);
  });
});

describe('checkStory', () => {
  it('accepts a story without logic, and a timed choice with its default', () => {
    expect(check(story(), [])).toEqual([]);
    expect(check(withOptions({}, {}, { decision_seconds: 10, default_option_id: 4 }))).toEqual([]);
    expect(storyCheckBlocks([])).toBe(false);
  });

  it('reports every validatePlot problem as an error, and stops at a broken tree', () => {
    const nodes = withOptions({ condition: when('nobody', 'eq', 1) }, {});
    expect(check(nodes)[0]).toEqual({
      kind: 'variable',
      message: formatMessage(MESSAGES.variableUnknown, { variable: 'nobody' }),
      movie_plot_id: 3,
      severity: 'error',
    });
    expect(check([node(1, null, 1), node(2, null, 2)])).toEqual([
      { kind: 'several-roots', message: MESSAGES.plotSeveralRoots, severity: 'error' },
    ]);
    expect(found(check([]))).toEqual([['empty', undefined, 'error']]);
  });

  it('reports a condition that never holds at its option, not its plots after it', () => {
    const nodes = [
      ...withOptions({}, { condition: when('score', 'gt', 5) }),
      node(5, 4, 12),
      node(6, 5, 1),
    ];
    const problems = check(nodes);
    expect(problems).toEqual([
      {
        kind: 'never-holds',
        message: MESSAGES.conditionNeverHolds,
        movie_plot_id: 4,
        severity: 'error',
      },
    ]);
    expect(storyCheckBlocks(problems)).toBe(true);
  });

  it("reports the first plot of a branch no path reaches: an automatic branch's later option", () => {
    const nodes = [
      ...withOptions(
        { condition: when('score', 'ge', 0) },
        {},
        { branch: 'auto', default_option_id: 4 },
      ),
      node(5, 4, 12),
      node(6, 5, 1),
    ];
    expect(found(check(nodes))).toEqual([['unreachable', 4, 'error']]);
  });

  it('reports a link target no path reaches, though its branch is reported already', () => {
    // 4 is never offered; 6 (under 4) is reached by no path either, though 5 links to it.
    const nodes = [
      ...withOptions({}, { condition: when('score', 'gt', 5) }),
      node(5, 4, 12, { goto_id: 1 }),
      node(6, 4, 12),
      node(7, 6, 2, { goto_id: 5 }),
    ];
    expect(found(check(nodes))).toEqual([
      ['never-holds', 4, 'error'],
      ['unreachable', 5, 'error'],
    ]);
  });

  it('follows links: merged paths keep their values, a condition true on one path is fine', () => {
    const nodes = [
      node(1, null, 1),
      node(2, 1, 11),
      node(3, 2, 1, { effects: [setTo('met_alex', true)], goto_id: 5 }),
      node(4, 2, 2),
      node(5, 4, 12),
      node(6, 5, 1, { condition: when('met_alex', 'eq', true) }),
      node(7, 5, 2, { condition: when('score', 'ge', 1) }),
    ];
    // Through 4, met_alex is no and score 0: 5 shows nothing (a dead end) and 7 never shows.
    expect(found(check(nodes))).toEqual([
      ['dead-end', 5, 'error'],
      ['never-holds', 7, 'error'],
    ]);
    const fixed = nodes.map((n) =>
      n.movie_plot_id === 4 ? { ...n, effects: [add('score', 1)] } : n,
    );
    expect(check(fixed)).toEqual([]);
  });

  it('plays loops through a choice to every value they reach', () => {
    // Each time round through 3 adds one; 4 is offered from the third time on.
    const nodes = withOptions(
      { effects: [add('score', 1)], goto_id: 2 },
      { condition: when('score', 'ge', 3) },
    );
    expect(check(nodes)).toEqual([]);
    // Taking one away each time, 4 is never offered and 2 follows 3 round forever.
    const down = nodes.map((n) =>
      n.movie_plot_id === 3 ? { ...n, effects: [add('score', -1)] } : n,
    );
    expect(found(check(down))).toEqual([
      ['auto-loop', 2, 'error'],
      ['never-holds', 4, 'error'],
    ]);
  });

  it('reports a loop a viewer goes round forever without a choice, for some values', () => {
    // With met_alex no, 2 shows only 3, which comes back to 2: round forever.
    const nodes = withOptions({ goto_id: 2 }, { condition: when('met_alex', 'eq', true) });
    expect(found(check(nodes))).toEqual([
      ['auto-loop', 2, 'error'],
      ['never-holds', 4, 'error'],
    ]);
    // A loop logicProblems names already is not named twice.
    expect(found(check([node(1, null, 1), node(2, 1, 11), node(3, 2, 1, { goto_id: 2 })]))).toEqual(
      [['auto-loop', 2, 'error']],
    );
  });

  it('reports timers and automatic branches without enough options or their default', () => {
    expect(found(check(withOptions({}, {}, { decision_seconds: 10 })))).toEqual([
      ['timer', 2, 'error'],
    ]);
    expect(
      found(
        check([
          node(1, null, 1),
          node(2, 1, 11, { decision_seconds: 10, default_option_id: 3 }),
          node(3, 2, 1),
        ]),
      ),
    ).toEqual([['timer', 2, 'error']]);
    expect(found(check(withOptions({}, {}, { branch: 'auto' })))).toEqual([
      ['auto', 2, 'error'],
      ['unreachable', 4, 'error'],
    ]);
    expect(
      found(check([node(1, null, 1, { branch: 'auto', decision_seconds: 10 }), node(2, 1, 11)])),
    ).toEqual([['auto', 1, 'error']]);
  });

  it('lists problems in reading order, each once per plot', () => {
    const nodes = [
      node(1, null, 1),
      node(2, 1, 11, { decision_seconds: 10 }),
      node(4, 2, 2, { condition: when('score', 'gt', 5) }),
      node(3, 2, 1),
      node(5, 3, 12, { condition: when('score', 'gt', 5) }),
      node(6, 3, 12, { condition: when('score', 'gt', 5) }),
    ];
    expect(found(check(nodes))).toEqual([
      ['timer', 2, 'error'],
      ['never-holds', 4, 'error'],
      ['dead-end', 3, 'error'],
      ['never-holds', 5, 'error'],
      ['never-holds', 6, 'error'],
    ]);
  });

  it('stops at its bound with one warning, reporting only what it is sure of', () => {
    // Adding and taking away: every score is a state of its own.
    const nodes = [
      node(1, null, 1),
      node(2, 1, 11),
      node(3, 2, 1, { effects: [add('score', 1)], goto_id: 2 }),
      node(4, 2, 2, { effects: [add('score', -2)], goto_id: 2 }),
      node(5, 2, 1, { condition: when('score', 'ge', 1_000) }),
      node(6, 2, 2, { condition: when('met_alex', 'eq', true) }),
      node(7, 6, 11, { condition: when('met_alex', 'eq', true) }),
    ];
    const problems = check(nodes, BOTH, 500);
    expect(problems).toEqual([
      {
        kind: 'incomplete',
        message: MESSAGES.storyCheckIncomplete,
        severity: 'warning',
      },
    ]);
    expect(storyCheckBlocks(problems)).toBe(false);
    // Only adding, the scores past 1,000 read alike: about a thousand states, exact within 5,000.
    const adding = nodes.filter((n) => n.movie_plot_id !== 4);
    expect(check(adding, BOTH, 500).map((problem) => problem.kind)).toEqual(['incomplete']);
    expect(found(check(adding, BOTH, 5_000))).toEqual([['never-holds', 6, 'error']]);
  });

  it('visits every state up to its bound, and not one more', () => {
    // Six choices of five: 8,532 states.
    const { nodes, variables } = layeredStory(6, 5);
    expect(found(check(nodes, variables, 8_532))).toEqual([]);
    expect(found(check(nodes, variables, 8_531))).toEqual([['incomplete', undefined, 'warning']]);
  });

  it(`explores up to ${STORY_CHECK_STATES_MAX.toLocaleString('en')} states by default`, () => {
    // Eight choices of five: 136,532 states, all visited; nine: over half a million.
    const eight = layeredStory(8, 5);
    expect(found(check(eight.nodes, eight.variables))).toEqual([]);
    expect(STORY_CHECK_STATES_MAX).toBeGreaterThanOrEqual(136_532);
    expect(STORY_CHECK_STATES_MAX).toBeLessThan(546_132);
  });
});

describe('storyCheckRefusal', () => {
  const unreachable: StoryProblem = {
    kind: 'unreachable',
    message: MESSAGES.storyUnreachable,
    movie_plot_id: 4,
    severity: 'error',
  };
  const incomplete: StoryProblem = {
    kind: 'incomplete',
    message: MESSAGES.storyCheckIncomplete,
    severity: 'warning',
  };

  it('lets a story the check visited whole publish', () => {
    expect(storyCheckRefusal([], false)).toBeNull();
    expect(storyCheckIncomplete([])).toBe(false);
  });

  it('refuses an error, confirmed or not', () => {
    expect(storyCheckRefusal([unreachable], false)).toBe(MESSAGES.storyCheckFailed);
    expect(storyCheckRefusal([unreachable, incomplete], true)).toBe(MESSAGES.storyCheckFailed);
  });

  it('refuses a story past the bound until its paths are confirmed played', () => {
    const { nodes, variables } = layeredStory(6, 5);
    const problems = check(nodes, variables, 1_000);
    expect(storyCheckIncomplete(problems)).toBe(true);
    expect(storyCheckRefusal(problems, false)).toBe(MESSAGES.storyPathsUnconfirmed);
    expect(storyCheckRefusal(problems, true)).toBeNull();
  });
});

describe('walkStory', () => {
  const first = (step: ChoiceStep) => step.options[0]!;

  it('walks to an ending, applying effects on entering each plot', () => {
    const nodes = withOptions({ effects: [add('score', 2)] }, {}, { effects: [add('score', 1)] });
    expect(walkStory(nodes, SCORE, first)).toEqual({
      path: [1, 2, 3],
      values: { score: 3 },
      end: 'ending',
    });
    expect(walkStory(nodes, SCORE, (step) => step.options[1]!)).toMatchObject({
      path: [1, 2, 4],
      values: { score: 1 },
    });
  });

  it("asks only at choices, telling where the viewing is; 'timer' takes the default", () => {
    const nodes = withOptions(
      {},
      { effects: [add('score', 5)] },
      { decision_seconds: 10, default_option_id: 4 },
    );
    const asked: unknown[] = [];
    const walk = walkStory(nodes, SCORE, (step, at, where) => {
      asked.push([step, at, where]);
      return 'timer';
    });
    expect(walk).toEqual({ path: [1, 2, 4], values: { score: 5 }, end: 'ending' });
    expect(asked).toEqual([
      [
        { kind: 'choose', options: [3, 4], decision_seconds: 10, default_option_id: 4 },
        2,
        { values: { score: 0 }, history: [1] },
      ],
    ]);
    expect(() => walkStory(story(), [], () => 'timer')).toThrow(/not an option/);
    expect(() => walkStory(story(), [], () => 1)).toThrow(/not an option/);
  });

  it('follows links and automatic branches, stops when stuck or after its steps', () => {
    const loop = withOptions({ effects: [add('score', 1)], goto_id: 2 }, {});
    const walk = walkStory(loop, SCORE, first, 7);
    expect(walk).toEqual({
      path: [1, 2, 3, 2, 3, 2, 3, 2],
      values: { score: 3 },
      end: 'max-steps',
    });
    const auto = withOptions(
      { condition: when('score', 'ge', 1) },
      {},
      { branch: 'auto', default_option_id: 4 },
    );
    expect(walkStory(auto, SCORE, first).path).toEqual([1, 2, 4]);
    const stuck = withOptions(
      { condition: when('score', 'ge', 1) },
      { condition: when('score', 'ge', 1) },
    );
    expect(walkStory(stuck, SCORE, first)).toEqual({
      path: [1, 2],
      values: { score: 0 },
      end: 'stuck',
    });
    expect(walkStory([], SCORE, first)).toEqual({ path: [], values: { score: 0 }, end: 'stuck' });
  });
});

describe('on random stories', () => {
  const STOP = Symbol('stop');

  /**
   * What viewers can meet, found without the check: walks from the root with every pick tried at
   * each choice asked at a (plot, values) not tried before (what follows a choice depends on
   * nothing else). Null when that takes too many walks, or a walk runs on without choices.
   */
  function byWalks({ nodes, variables }: RandomStory) {
    const reached = new Set<number>();
    const stuck = new Set<number>();
    const tried = new Set<string>();
    const prefixes: number[][] = [[]];
    for (let walks = 0; prefixes.length > 0; walks += 1) {
      if (walks > 3_000) return null;
      const prefix = prefixes.pop()!;
      let asked = 0;
      try {
        const walk = walkStory(
          nodes,
          variables,
          (step, at, where) => {
            if (asked < prefix.length) return prefix[asked++]!;
            for (const id of [...where.history, at]) reached.add(id);
            const key = JSON.stringify([at, where.values]);
            if (!tried.has(key)) {
              tried.add(key);
              for (const option of step.options) prefixes.push([...prefix, option]);
            }
            throw STOP;
          },
          300,
        );
        if (walk.end === 'max-steps') return null;
        for (const id of walk.path) reached.add(id);
        if (walk.end === 'stuck') stuck.add(walk.path.at(-1)!);
      } catch (error) {
        if (error !== STOP) throw error;
      }
    }
    return { reached, stuck };
  }

  /** The story's well-formed, completely checked cases, with what walks find; counted. */
  const cases = { checked: 0, unreachable: 0, accepted: 0 };
  function checkedCase(story: RandomStory) {
    if (validatePlot(story.nodes, story.items, story.variables).length > 0) return null;
    const problems = checkStory(story.nodes, story.items, story.variables, { maxStates: 5_000 });
    if (problems.some((problem) => problem.kind === 'incomplete')) return null;
    const walks = byWalks(story);
    if (!walks) return null;
    cases.checked += 1;
    return { problems, walks };
  }

  it('finds an error in every story with a plot no walk reaches, and only where walks agree', () => {
    fc.assert(
      fc.property(randomStory(), (story) => {
        const checked = checkedCase(story);
        if (!checked) return;
        const { problems, walks } = checked;
        const reported = (kind: string) =>
          new Set(problems.filter((p) => p.kind === kind).map((p) => p.movie_plot_id));
        const unreachable = reported('unreachable');
        const neverHolds = reported('never-holds');
        const missed = story.nodes.filter((n) => !walks.reached.has(n.movie_plot_id));
        if (missed.length > 0) {
          cases.unreachable += 1;
          expect(storyCheckBlocks(problems)).toBe(true);
        } else if (!storyCheckBlocks(problems)) cases.accepted += 1;
        for (const n of missed) {
          // The first plot of an unreached branch is named.
          if (walks.reached.has(n.parent_id!)) {
            expect(unreachable.has(n.movie_plot_id) || neverHolds.has(n.movie_plot_id)).toBe(true);
          }
        }
        // What the check names as unreached, no walk reaches; its dead ends are the walks'.
        for (const id of unreachable) expect(walks.reached.has(id!)).toBe(false);
        expect(reported('dead-end')).toEqual(walks.stuck);
        // A story the check accepts lets some walk reach every plot.
        if (!storyCheckBlocks(problems)) expect(missed).toEqual([]);
      }),
      { numRuns: 200 },
    );
    // Enough stories were checked both ways, unreached plots and accepted stories among them.
    expect(cases.checked).toBeGreaterThan(80);
    expect(cases.unreachable).toBeGreaterThan(5);
    expect(cases.accepted).toBeGreaterThan(20);
  });

  it('never lets a walk come round to the same plot and values without a choice', () => {
    let walked = 0;
    fc.assert(
      fc.property(randomStory(), fc.array(fc.nat(), { maxLength: 30 }), (story, picks) => {
        if (validatePlot(story.nodes, story.items, story.variables).length > 0) return;
        const problems = checkStory(story.nodes, story.items, story.variables, {
          maxStates: 5_000,
        });
        const kinds = problems.map((problem) => problem.kind);
        if (kinds.includes('incomplete') || kinds.includes('auto-loop')) return;
        walked += 1;
        const asked = new Set<number>();
        let turn = 0;
        const walk = walkStory(
          story.nodes,
          story.variables,
          (step, _at, where) => {
            asked.add(where.history.length);
            return step.options[(picks[turn++] ?? 0) % step.options.length]!;
          },
          100,
        );
        // The values on entering each plot of the path, and the states since the last choice.
        const nodeOf = new Map(story.nodes.map((n) => [n.movie_plot_id, n]));
        let values = startValues(story.variables);
        let sinceChoice = new Set<string>();
        walk.path.forEach((id, index) => {
          values = applyEffects(nodeOf.get(id)!.effects, values);
          const state = JSON.stringify([id, values]);
          expect(sinceChoice.has(state)).toBe(false);
          sinceChoice.add(state);
          if (asked.has(index)) sinceChoice = new Set();
        });
        expect(walk.values).toEqual(values);
      }),
      { numRuns: 200 },
    );
    expect(walked).toBeGreaterThan(80);
  });
});
