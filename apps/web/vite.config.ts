import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of `npm run dev -w @plotline/server`; the built app is served by it on the same origin. */
const API_TARGET = 'http://localhost:8080';

/**
 * Chunks named by hand; rollup splits the rest by route. The framework every screen runs on is one
 * chunk that stays cached across releases of the app's own code. Zod is one chunk that ends with
 * its settings (app/zod-jitless.ts): every chunk that makes a schema imports it, so the settings
 * are in place before the first schema is made, wherever rollup puts the schemas. The form library
 * is named for what it is (rollup would name it after @hookform/resolvers/zod).
 */
function manualChunks(id: string): string | undefined {
  if (id.includes('/node_modules/zod/') || id.endsWith('/src/app/zod-jitless.ts')) return 'zod';
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  if (/\/node_modules\/(react-hook-form|@hookform\/resolvers)\//.test(id)) return 'forms';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': API_TARGET } },
  preview: { proxy: { '/api': API_TARGET } },
  build: { outDir: 'dist', emptyOutDir: true, rollupOptions: { output: { manualChunks } } },
});
