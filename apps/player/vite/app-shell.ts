import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { ICON_COLOR, ICON_SVG, iconPng } from './app-icons.ts';

/** The app's address; its build's `base` (`/m/`). */
const APP = '/m';

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
] as const;
const APPLE_TOUCH_ICON = 'icons/apple-touch-icon.png';
const SVG_ICON = 'icons/icon.svg';
const MANIFEST = 'manifest.webmanifest';

function manifest(): string {
  return JSON.stringify(
    {
      name: 'Plotline',
      short_name: 'Plotline',
      description: 'Interactive stories: watch, and choose what happens next.',
      id: `${APP}/`,
      start_url: `${APP}/`,
      scope: `${APP}/`,
      display: 'standalone',
      background_color: '#09090b',
      theme_color: ICON_COLOR,
      icons: ICONS.map(({ file, size, purpose }) => ({
        src: `${APP}/${file}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose,
      })),
    },
    null,
    2,
  );
}

/**
 * The service worker: the app's shell (its page, entry code and styles, manifest, icons) cached
 * when it installs, so the app opens without the network; its other built files (the player's
 * chunk, the words of other languages) cached the first time they are used, all of them
 * fingerprinted. The page itself is asked of the network first (a new deployment shows at once),
 * the cached shell only offline. Nothing else: never the API's answers, never media.
 */
export function serviceWorkerSource(shell: readonly string[], version: string): string {
  return `// The reference app's service worker (built by vite/app-shell.ts).
const CACHE = 'plotline-app-${version}';
const SHELL = ${JSON.stringify(shell)};
const PAGE = '${APP}/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('plotline-app-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && (url.pathname === '${APP}' || url.pathname.startsWith(PAGE))) {
    event.respondWith(
      fetch(request).catch(() => caches.match(PAGE).then((page) => page || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('${APP}/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
`;
}

/**
 * The app's PWA files: the web manifest, the icons, and the service worker over the files the
 * app's page loads first (its entry chunk, what that imports, its styles). The page links the
 * manifest and icons.
 */
export function appShell(): Plugin {
  return {
    name: 'app-shell',
    apply: 'build',
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: `${APP}/${MANIFEST}` }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'theme-color', content: ICON_COLOR }, injectTo: 'head' },
        {
          tag: 'link',
          attrs: { rel: 'icon', type: 'image/svg+xml', href: `${APP}/${SVG_ICON}` },
          injectTo: 'head',
        },
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: `${APP}/${APPLE_TOUCH_ICON}` },
          injectTo: 'head',
        },
      ];
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: MANIFEST, source: manifest() });
      this.emitFile({ type: 'asset', fileName: SVG_ICON, source: ICON_SVG });
      this.emitFile({ type: 'asset', fileName: APPLE_TOUCH_ICON, source: iconPng(180) });
      for (const { file, size, purpose } of ICONS) {
        this.emitFile({
          type: 'asset',
          fileName: file,
          source: iconPng(size, { maskable: purpose === 'maskable' }),
        });
      }
      // The entry chunk and its static imports, and every stylesheet: what the first screen needs.
      const shellFiles = new Set<string>();
      const visit = (fileName: string) => {
        const file = bundle[fileName];
        if (!file || shellFiles.has(fileName)) return;
        shellFiles.add(fileName);
        if (file.type === 'chunk') {
          file.imports.forEach(visit);
          file.viteMetadata?.importedCss.forEach(visit);
        }
      };
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.isEntry) visit(file.fileName);
      }
      const shell = [
        `${APP}/`,
        `${APP}/${MANIFEST}`,
        `${APP}/${SVG_ICON}`,
        ...ICONS.filter(({ purpose }) => purpose === 'any').map(({ file }) => `${APP}/${file}`),
        ...[...shellFiles].sort().map((fileName) => `${APP}/${fileName}`),
      ];
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorkerSource(shell, version),
      });
    },
  };
}
