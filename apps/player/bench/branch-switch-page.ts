// The page bench/branch-switch.ts drives in headless Chromium: plays a path node after node, with the
// player engine or naively, and records every presented frame (requestVideoFrameCallback), what
// each frame shows, every stall and every silence. It measures nothing itself: the bench does.
import Hls from 'hls.js/light';
import { createBranchPlayer } from '../src/engine/create-branch-player.ts';
import { ChoiceCountdown } from '../src/story/choice-countdown.ts';
import { choicesShownFrom } from '../src/story/story.ts';
import type { BenchNode, FrameRecord, RunConfig, RunResult } from './branch-switch-protocol.ts';

declare global {
  interface Window {
    runBranchSwitch: (config: RunConfig) => Promise<RunResult>;
    /** The engine itself, for trying other paths by hand (devtools, page.evaluate). */
    createBranchPlayer: typeof createBranchPlayer;
  }
}

const video = document.querySelector('video')!;

/**
 * The colour mark in the top-left corner of the frame on screen: a few pixels of it copied out of
 * the decoded frame (WebCodecs, no conversion of the whole picture, so the page keeps up with
 * every frame), converted to RGB and matched to the nearest marker.
 */
function markerReader(markers: RunConfig['markers']) {
  return async (width: number, height: number) => {
    const frame = new VideoFrame(video);
    try {
      // The middle of the mark, which covers the top-left eighth of the picture; even for 4:2:0.
      const x = Math.round(width / 32) & ~1;
      const y = Math.round(height / 32) & ~1;
      const pixels = new Uint8Array(16);
      const layout = await frame.copyTo(pixels, { rect: { x, y, width: 2, height: 2 } });
      return nearest(markers, toRgb(frame.format, pixels, layout));
    } finally {
      frame.close();
    }
  };
}

/** The RGB of the top-left pixel of a 2x2 block copied out of an I420 or NV12 frame (BT.601). */
function toRgb(
  format: VideoPixelFormat | null,
  pixels: Uint8Array,
  layout: Awaited<ReturnType<VideoFrame['copyTo']>>,
): [number, number, number] {
  const luma = pixels[layout[0]!.offset]!;
  const chroma = layout[1]!.offset;
  const [u, v] =
    format === 'NV12'
      ? [pixels[chroma]!, pixels[chroma + 1]!]
      : [pixels[chroma]!, pixels[layout[2]!.offset]!];
  const c = 1.164 * (luma - 16);
  return [c + 1.596 * (v - 128), c - 0.392 * (u - 128) - 0.813 * (v - 128), c + 2.017 * (u - 128)];
}

function nearest(markers: RunConfig['markers'], [r, g, b]: [number, number, number]) {
  let best = -1;
  let bestDistance = 120;
  markers.forEach(([mr, mg, mb], index) => {
    const distance = Math.hypot(r - mr, g - mg, b - mb);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Runs of silence in what the element plays, its sound routed through Web Audio: the clips carry
 * a steady tone, so a silent run means sound is missing. Counted from the first sound on, and only
 * runs that sound ended (not the silence after the last node): their lengths in ms, measured in
 * the audio's own samples, 128 at a time.
 */
const SILENCE_METER = `
class SilenceMeter extends AudioWorkletProcessor {
  heard = false;
  silentFrom = -1;
  process(inputs) {
    const samples = inputs[0]?.[0];
    let peak = 0;
    if (samples) for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    if (peak < 0.02) {
      if (this.heard && this.silentFrom < 0) this.silentFrom = currentFrame;
    } else {
      if (this.silentFrom >= 0) this.port.postMessage((currentFrame - this.silentFrom) / sampleRate * 1000);
      this.heard = true;
      this.silentFrom = -1;
    }
    return true;
  }
}
registerProcessor('silence-meter', SilenceMeter);
`;

async function listenForSilence() {
  const context = new AudioContext();
  const module = URL.createObjectURL(new Blob([SILENCE_METER], { type: 'text/javascript' }));
  await context.audioWorklet.addModule(module);
  const meter = new AudioWorkletNode(context, 'silence-meter');
  const silences: number[] = [];
  meter.port.onmessage = ({ data }: MessageEvent<number>) => silences.push(data);
  context.createMediaElementSource(video).connect(meter).connect(context.destination);
  await context.resume();
  return async () => {
    await context.close();
    return silences;
  };
}

async function record(config: RunConfig) {
  const frames: FrameRecord[] = [];
  const waits: RunResult['waits'] = [];
  const readMarker = markerReader(config.markers);
  const reading: Promise<void>[] = [];
  const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
    const frame: FrameRecord = {
      mediaTime: metadata.mediaTime,
      presentationTime: metadata.presentationTime,
      marker: -1,
    };
    frames.push(frame);
    reading.push(
      readMarker(metadata.width, metadata.height).then((marker) => void (frame.marker = marker)),
    );
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  video.addEventListener('waiting', () =>
    waits.push({ at: performance.now(), currentTime: video.currentTime }),
  );
  const stopListening = await listenForSilence();
  /** The run's result: every frame with its marker once all are read, the silences and waits. */
  const finish = async (
    measured: Pick<RunResult, 'nodeStarts' | 'firstFrameMs' | 'droppedFrames' | 'errors'>,
  ): Promise<RunResult> => {
    const silencesMs = await stopListening();
    await Promise.all(reading);
    return { ...measured, frames, waits, silencesMs };
  };
  return { finish };
}

async function runJoined(config: RunConfig): Promise<RunResult> {
  const { finish } = await record(config);
  const nodeStarts: RunResult['nodeStarts'] = [];
  const errors: string[] = [];
  const player = createBranchPlayer({ video, masterUrl: (url) => String(url) });
  if (!player) throw new Error('This browser cannot play HLS');
  const last = config.path.length - 1;
  const toPlayerNode = ({ id, masterUrl }: BenchNode) => ({ id, itemId: masterUrl });
  const chosen = new Set<number>();
  const started = performance.now();
  let firstFrameMs = 0;

  player.on('error', ({ message }) => errors.push(message));
  player.on('nodestart', ({ index }) => {
    const wall = performance.now();
    if (index === 0) firstFrameMs = wall - started;
    nodeStarts.push({ index, wall });
    if (index === last) player.end();
    else if (config.decisions[index] === 'auto') {
      // An automatic branch is decided when its node starts, and queued at once.
      chosen.add(index);
      player.choose(toPlayerNode(config.path[index + 1]!));
    } else player.prefetch(config.options[index]!.map(toPlayerNode));
  });
  player.on('timeupdate', ({ index, time, duration }) => {
    if (index >= last || chosen.has(index)) return;
    const next = toPlayerNode(config.path[index + 1]!);
    if (config.decisions[index] === 'timer') {
      if (time < choicesShownFrom(duration, config.decisionSeconds)) return;
      chosen.add(index);
      // The story player's countdown from when the choices show; at 0 it takes the default.
      new ChoiceCountdown(config.decisionSeconds, {
        running: () => !video.paused,
        change: () => {},
        passed: () => {},
        end: () => player.choose(next),
      });
    } else if (time >= duration - config.choiceLeadSeconds) {
      chosen.add(index);
      player.choose(next);
    }
  });
  const ended = new Promise<void>((resolve) => player.on('ended', () => resolve()));
  await player.start(toPlayerNode(config.path[0]!));
  await video.play();
  await ended;
  const droppedFrames = video.getVideoPlaybackQuality().droppedVideoFrames;
  player.destroy();
  return finish({ nodeStarts, firstFrameMs, droppedFrames, errors });
}

async function runNaive(config: RunConfig): Promise<RunResult> {
  let current = 0;
  const { finish } = await record(config);
  const nodeStarts: RunResult['nodeStarts'] = [];
  const errors: string[] = [];
  const hls = new Hls();
  const started = performance.now();
  let firstFrameMs = 0;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) errors.push(`${data.type}: ${data.details}`);
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play());
  const load = (index: number) => {
    current = index;
    hls.loadSource(config.path[index]!.masterUrl);
    video.requestVideoFrameCallback(() => {
      const wall = performance.now();
      if (index === 0) firstFrameMs = wall - started;
      nodeStarts.push({ index, wall });
    });
  };
  const done = new Promise<void>((resolve) =>
    video.addEventListener('ended', () => {
      if (current === config.path.length - 1) resolve();
      else load(current + 1);
    }),
  );
  hls.attachMedia(video);
  load(0);
  await done;
  const droppedFrames = video.getVideoPlaybackQuality().droppedVideoFrames;
  hls.destroy();
  return finish({ nodeStarts, firstFrameMs, droppedFrames, errors });
}

window.runBranchSwitch = (config) =>
  config.approach === 'joined' ? runJoined(config) : runNaive(config);
window.createBranchPlayer = createBranchPlayer;
