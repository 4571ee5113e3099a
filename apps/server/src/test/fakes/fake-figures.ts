import type {
  ChoiceCount,
  DayRange,
  DayViews,
  FiguresRepository,
  FiguresScope,
  NodeCount,
  ViewTotals,
} from '../../modules/figures/figures.repository.ts';

/**
 * The figures repository answering the counts a test sets, whatever the range: counting the
 * player's events is SQL, and the medium tests hold it. What each count was asked for (its scope
 * and range) is kept in `asked`, to check what the service asks.
 */
export function createFakeFigures() {
  const counts = {
    totals: { views: 0, completions: 0, watchedSeconds: 0 } as ViewTotals,
    byDay: [] as DayViews[],
    choices: [] as ChoiceCount[],
    nodes: [] as NodeCount[],
  };
  const asked: { count: keyof typeof counts; scope: FiguresScope; range: DayRange }[] = [];

  const repository = {
    async countTotals(scope: FiguresScope, range: DayRange) {
      asked.push({ count: 'totals', scope, range });
      return counts.totals;
    },
    async countByDay(scope: FiguresScope, range: DayRange) {
      asked.push({ count: 'byDay', scope, range });
      return counts.byDay;
    },
    async countChoices(movieId: number, range: DayRange) {
      asked.push({ count: 'choices', scope: { movieId }, range });
      return counts.choices;
    },
    async countNodes(movieId: number, range: DayRange) {
      asked.push({ count: 'nodes', scope: { movieId }, range });
      return counts.nodes;
    },
  } satisfies Pick<FiguresRepository, 'countTotals' | 'countByDay' | 'countChoices' | 'countNodes'>;

  return { counts, asked, repository };
}
