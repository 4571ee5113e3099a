/**
 * The storyline editor (spec §2 step 3, §4), shared by the project wizard and the project's detail
 * page. It has no route of its own. This file is its whole public surface: lint lets another
 * feature import `features/storyline/index.ts` and nothing else of it, and lets the storyline
 * import no other feature.
 */
export { StorylineGraph } from './components/storyline-graph.tsx';
export { StorylineWorkspace } from './components/storyline-workspace.tsx';
export type { PlotGraphShare } from './components/plot-graph.tsx';
export { useStorylineEditor } from './hooks/use-storyline-editor.ts';
export { firstItemLanguages } from './model/storyline.ts';
