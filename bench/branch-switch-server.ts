// The bench's HTTP server for bench/branch-switch.ts: static files with a fixed latency added to
// every request, as a CDN at a distance adds it. Small and local rather than the built Plotline
// server, which would need a database, an upload and a transcode job per item for the same files.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

export interface Route {
  /** URL path prefix, e.g. `/media/`. */
  prefix: string;
  /** The file for the rest of the path, or null for a 404. */
  file: (rest: string) => string | null;
  /** Cached for good, as Plotline serves media (its keys are never rewritten). */
  immutable: boolean;
}

export interface LatencyServer {
  origin: string;
  requests: () => number;
  close: () => Promise<void>;
}

/** A file under `dir`, refusing paths that climb out of it. */
export function fileUnder(dir: string, rest: string): string | null {
  const file = path.resolve(dir, decodeURIComponent(rest));
  return file.startsWith(dir + path.sep) ? file : null;
}

export async function serveWithLatency(
  routes: readonly Route[],
  latencyMs: number,
): Promise<LatencyServer> {
  let requests = 0;
  const server = createServer(async (request, response) => {
    requests += 1;
    await sleep(latencyMs);
    const { pathname } = new URL(request.url ?? '/', 'http://bench');
    const route = routes.find(({ prefix }) => pathname.startsWith(prefix));
    const file = route?.file(pathname.slice(route.prefix.length)) ?? null;
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!route || !file || !body) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': route.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
