// Bundles the server and the transcode worker with @plotline/core (TypeScript source) into
// dist/server.js and dist/worker.js; npm packages stay
// external and load from node_modules. The migrations are copied beside the bundle.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@plotline/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
