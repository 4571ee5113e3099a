// Bundles the server and the transcode worker with @plotline/core (TypeScript source) into
// <outdir>/server.js and <outdir>/worker.js; npm packages stay external and load from node_modules.
// The migrations are copied beside the bundle. Run through scripts/build.mjs at the root, which
// gives it a fresh folder and makes it the server's dist only once it is finished.
import { cp, readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = process.argv[2];
if (!outdir) {
  console.error('usage: node scripts/build.mjs <outdir>');
  process.exit(2);
}

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@plotline/'));

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
await cp('src/db/migrations', `${outdir}/migrations`, { recursive: true });
