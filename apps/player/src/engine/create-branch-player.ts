import Hls from 'hls.js/light';
import type { BranchPlayer } from './branch-player.ts';
import { HlsBranchPlayer, type HlsBranchPlayerOptions } from './hls-branch-player.ts';
import { NativeBranchPlayer } from './native-branch-player.ts';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * The branch player this browser can run: over hls.js wherever Media Source Extensions exist
 * (Safari on macOS and recent iPhones included: only one pipeline is seamless), else the browser's
 * own HLS with a source swap per node. Null when the browser can play HLS neither way.
 */
export function createBranchPlayer(options: HlsBranchPlayerOptions): BranchPlayer | null {
  if (Hls.isSupported()) return new HlsBranchPlayer(options);
  if (options.video.canPlayType(HLS_TYPE) !== '') return new NativeBranchPlayer(options);
  return null;
}
