import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { appShell } from './vite/app-shell.ts';
import { keepZodOut, reportPageSize } from './vite/page-plugins.ts';

/**
 * The app's JavaScript: its own screens (a few KB) and the /watch player's chunk (the UI, the
 * engine, hls.js), which loads only when a story is opened.
 */
const APP_JS_BUDGET_BYTES = 165 * 1024;

/**
 * The reference app at /m (m/index.html, src/app/): a PWA of its own over the App API, playing
 * each story in the /watch player. Built by the player's build into `dist/m` (vite.config.ts) and
 * served by the server, whose App API it needs: its page at /m and /m/*, its files under /m/.
 */
export default defineConfig({
  root: path.join(path.dirname(fileURLToPath(import.meta.url)), 'm'),
  base: '/m/',
  publicDir: false,
  plugins: [keepZodOut(), reportPageSize('app page', APP_JS_BUDGET_BYTES), appShell()],
  build: {
    outDir: '../dist/m',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
});
