import { defineConfig } from 'vite';

/**
 * The engine alone as one ES module, `dist/player.js` (src/index.ts: createBranchPlayer and its
 * types, hls.js's light build inside), for pages that drive the engine without the UI: the branch
 * switch bench (bench/branch-switch.ts) imports it. Built after the page, into the same folder.
 * Built as an app, not in library mode, whose ES output keeps its whitespace (a third more to
 * download); the entry keeps its exports all the same.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    rollupOptions: {
      input: { player: 'src/index.ts' },
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
