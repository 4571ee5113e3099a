import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of `npm run dev -w @plotline/server`; the built app is served by it on the same origin. */
const API_TARGET = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': API_TARGET } },
  preview: { proxy: { '/api': API_TARGET } },
  build: { outDir: 'dist', emptyOutDir: true },
});
