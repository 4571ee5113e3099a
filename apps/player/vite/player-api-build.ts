import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { build, type Plugin } from 'vite';

/** The host pages' module (docs/embed.md), and where the build puts it: `dist/api/`. */
const SOURCE = 'src/embed/player-api.ts';
export const PLAYER_API_DIR = 'api';

/**
 * Builds the player API's module for host pages after the page: `player-api.js`, an ES module of
 * its own (no dependency, a stable name, since other sites import it by its address), and its
 * types `player-api.d.ts` from the same source. The server serves both at the site's root.
 */
export function buildPlayerApi(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'build-player-api',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir, PLAYER_API_DIR);
    },
    async closeBundle() {
      const entry = path.join(root, SOURCE);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: true,
          target: 'es2022',
          // Read by the developers of host pages: kept as written, but for the types.
          minify: false,
          lib: { entry, formats: ['es'], fileName: () => 'player-api.js' },
        },
      });
      const declarations = ts.transpileDeclaration(await readFile(entry, 'utf8'), {
        fileName: entry,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      });
      await writeFile(path.join(outDir, 'player-api.d.ts'), declarations.outputText);
    },
  };
}
