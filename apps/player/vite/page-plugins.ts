import { gzipSync } from 'node:zlib';
import type { OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Prints a page's JavaScript gzipped, all the chunks of its build together (the page may load any
 * of them: its entry, its player, a language's words), and fails the build over `budgetBytes`.
 * Each page is its own build (the /watch page; the reference app at /m), so each has its own line
 * and its own budget. `leaveOut` drops the chunks the page never loads (the embed page's own),
 * `only` counts just those.
 */
export function reportPageSize(
  page: string,
  budgetBytes: number,
  chunksOf: {
    leaveOut?: (chunk: OutputChunk) => boolean;
    only?: (chunk: OutputChunk) => boolean;
  } = {},
): Plugin {
  return {
    name: 'report-page-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is OutputChunk =>
          file.type === 'chunk' && !chunksOf.leaveOut?.(file) && (chunksOf.only?.(file) ?? true),
      );
      const gzipped = chunks.reduce(
        (sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length,
        0,
      );
      const line = `${page} JavaScript: ${(gzipped / 1024).toFixed(1)} KB gzipped in ${chunks.length} files (budget ${budgetBytes / 1024} KB)`;
      if (gzipped > budgetBytes) this.error(line);
      this.info(line);
    },
  };
}

/**
 * Fails the build when zod is in the page: core's root entry carries it, so the page imports core's
 * zod-free subpaths only (lint says so at the import; this catches it however it comes in).
 */
export function keepZodOut(): Plugin {
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
