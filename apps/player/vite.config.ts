import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** The budget for the page's JavaScript, hls.js included. */
const PAGE_JS_BUDGET_BYTES = 150 * 1024;

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
            // Not the other languages' words: each is fetched only by the viewers who read it.
            .filter(
              (file) =>
                file.type === 'chunk' &&
                file.isDynamicEntry &&
                !file.facadeModuleId?.includes('/i18n/locales/'),
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

/** Prints the page's JavaScript gzipped, all chunks together, and fails the build over budget. */
function reportPageSize(): Plugin {
  return {
    name: 'report-page-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const gzipped = chunks.reduce(
        (sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length,
        0,
      );
      const line = `player page JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${chunks.length} files (budget ${PAGE_JS_BUDGET_BYTES / 1024} KB)`;
      if (gzipped > PAGE_JS_BUDGET_BYTES) this.error(line);
      this.info(line);
    },
  };
}

/**
 * Fails the build when zod is in the page: core's root entry carries it, so the page imports core's
 * zod-free subpaths only (lint says so at the import; this catches it however it comes in).
 */
function keepZodOut(): Plugin {
  return {
    name: 'keep-zod-out',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const zod = Object.keys(file.modules).find((id) =>
          /[\\/]node_modules[\\/]zod[\\/]/.test(id),
        );
        if (zod)
          this.error(
            `zod is in the player's ${file.fileName} (${zod}): import core's zod-free subpaths`,
          );
      }
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
  plugins: [preloadPlayerChunk(), keepZodOut(), reportPageSize()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs the player (Media Source Extensions or native HLS) has modulepreload.
    modulePreload: { polyfill: false },
  },
});
