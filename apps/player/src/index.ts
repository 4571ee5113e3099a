// The player bundle's entry: the branch player engine. The /watch page's UI builds on it.
export type {
  BranchPlayer,
  BranchPlayerEvents,
  BranchPlayerOptions,
  PlayerNode,
} from './engine/branch-player.ts';
export { createBranchPlayer } from './engine/create-branch-player.ts';
export type { HlsBranchPlayerOptions } from './engine/hls-branch-player.ts';
