import { defineConfig } from 'vite';

/**
 * The player bundle: one ES module (`dist/player.js`) holding the engine and hls.js's light build,
 * with no UI framework, for the /watch page. Built as an app, not in library mode, whose ES output
 * keeps its whitespace (a third more to download); the entry keeps its exports all the same.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { player: 'src/index.ts' },
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
