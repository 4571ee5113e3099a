import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import appConfig from './vite.app.config.ts';
import { keepZodOut, reportPageSize } from './vite/page-plugins.ts';
import { buildPlayerApi } from './vite/player-api-build.ts';

/** The budget for the page's JavaScript, hls.js included. */
const PAGE_JS_BUDGET_BYTES = 150 * 1024;
/** The embed page's own chunk (its bridge to the host page), which /watch never loads. */
const EMBED_BRIDGE_BUDGET_BYTES = 4 * 1024;
const isEmbedBridge = (moduleId: string | null | undefined) =>
  moduleId?.includes('/src/embed/') ?? false;

/**
 * The page's entry is small and loads the player's chunk (the UI, the engine, hls.js) beside the
 * data call; a modulepreload link in the page starts fetching that chunk with the entry already,
 * one round trip sooner (PLAYER-NOTES.md: round trips count more than bytes).
 */
function preloadPlayerChunk(): Plugin {
  let base = '/';
  return {
    name: 'preload-player-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return (
          Object.values(bundle ?? {})
            // Not the other languages' words: each is fetched only by the viewers who read it;
            // nor the embed page's bridge, which only /embed loads.
            .filter(
              (file) =>
                file.type === 'chunk' &&
                file.isDynamicEntry &&
                !file.facadeModuleId?.includes('/i18n/locales/') &&
                !isEmbedBridge(file.facadeModuleId),
            )
            .map((chunk) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
              injectTo: 'head' as const,
            }))
        );
      },
    },
  };
}

/**
 * The reference app (vite.app.config.ts) is built after the page, into `m/` of the same output:
 * a bundle of its own, so that nothing of it reaches the /watch page, nor the page's chunks
 * change for it.
 */
function buildReferenceApp(): Plugin {
  let outDir = '';
  return {
    name: 'build-reference-app',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        ...appConfig,
        configFile: false,
        build: { ...appConfig.build, outDir: path.join(outDir, 'm') },
      });
    },
  };
}

/**
 * The /watch page: index.html and its code (the UI, the engine and hls.js's light build, no UI
 * framework). The server serves index.html at /watch/{slug} and the built files under
 * /watch/assets/, fingerprinted and cached for good.
 */
export default defineConfig({
  base: '/watch/',
  plugins: [
    preloadPlayerChunk(),
    keepZodOut(),
    reportPageSize('player page', PAGE_JS_BUDGET_BYTES, {
      leaveOut: (chunk) => isEmbedBridge(chunk.facadeModuleId),
    }),
    reportPageSize('embed bridge', EMBED_BRIDGE_BUDGET_BYTES, {
      only: (chunk) => isEmbedBridge(chunk.facadeModuleId),
    }),
    buildReferenceApp(),
    buildPlayerApi(),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs the player (Media Source Extensions or native HLS) has modulepreload.
    modulePreload: { polyfill: false },
  },
});
