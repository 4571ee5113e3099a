/**
 * "Play every path" (issue 21), shared by the wizard's steps 3 and 4. It has no route of its own.
 * This file is its whole public surface: lint lets another feature import
 * `features/story-paths/index.ts` and nothing else of it, and lets it import no other feature.
 */
export { PlayEveryPath, type PlayEveryPathProps } from './components/play-every-path.tsx';
export { withStartState } from './model/path-trail.ts';
