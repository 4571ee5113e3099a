// Prints how much JavaScript the studio's first screens load: the real server (buildApp on an
// in-memory PGlite, serving the built studio from apps/web/dist) on loopback and headless Chromium,
// each screen opened in a new browser context (an empty cache):
//  - `/login`, signed out, until the sign-in form is shown and the network is idle;
//  - `/app`, the dashboard of a company administrator signed in (the session copied from a context
//    that signed in through the form), until its heading is shown and the network is idle.
// For each: every script the page downloaded, its size as served and its size gzipped here
// (node:zlib, level 9), so the figure is the same whether or not the server compresses; the total
// beside the target (< 150 kB gzipped for /login, < 350 kB for the dashboard). Also prints each
// page's console errors and DevTools issues (a blocked eval, for one). Asserts nothing.
// Run: npm run bench:first-load (builds the studio first), or npx tsx bench/studio-first-load.ts
// against the existing build; VERBOSE=1 lists the files. Uses /usr/bin/chromium.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { signInToDashboard } from '../e2e/support/sign-in.ts';
import { machineLine, startBrowserBench } from './support.ts';

const WEB_ROOT = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const TARGET_LOGIN_KB = 150;
const TARGET_DASHBOARD_KB = 350;
const VERBOSE = process.env.VERBOSE === '1';

if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
  console.error(
    `${WEB_ROOT} has no index.html: run npm run build, or npm run bench:first-load, which builds first.`,
  );
  process.exit(1);
}

interface Script {
  name: string;
  raw: number;
  gzipped: number;
}

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Opens `url` in a new context (an empty cache), waits for `ready` and for the network to be idle,
 * and answers every script it downloaded with its sizes, and its console errors.
 */
async function load(
  browser: Browser,
  baseUrl: string,
  url: string,
  ready: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, baseURL: baseUrl });
  const page = await context.newPage();
  const pending: Promise<Script | null>[] = [];
  const errors: string[] = [];
  const issues: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // What Lighthouse's best-practices audit reads: DevTools issues, such as a script's eval blocked
  // by the content security policy even when the script catches the refusal.
  const devtools = await context.newCDPSession(page);
  devtools.on('Audits.issueAdded', ({ issue }) =>
    issues.push(
      issue.code === 'ContentSecurityPolicyIssue'
        ? `CSP: ${issue.details.contentSecurityPolicyIssueDetails?.contentSecurityPolicyViolationType} at ${issue.details.contentSecurityPolicyIssueDetails?.sourceCodeLocation?.url ?? '?'}`
        : issue.code,
    ),
  );
  await devtools.send('Audits.enable');
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({
          name: new URL(response.url()).pathname,
          raw: body.length,
          gzipped: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  try {
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((script) => script !== null);
    return { scripts, errors, issues };
  } finally {
    await context.close();
  }
}

function report(
  label: string,
  target: number,
  { scripts, errors, issues }: { scripts: Script[]; errors: string[]; issues: string[] },
) {
  const raw = scripts.reduce((sum, script) => sum + script.raw, 0);
  const gzipped = scripts.reduce((sum, script) => sum + script.gzipped, 0);
  console.log(
    `\n${label}: ${scripts.length} scripts, ${kilobytes(raw)} as served, ${kilobytes(gzipped)} gzipped ` +
      `(target < ${target} kB gzipped: ${gzipped / 1000 < target ? 'met' : 'NOT met'})`,
  );
  const largest = [...scripts].sort((a, b) => b.gzipped - a.gzipped);
  for (const script of VERBOSE ? largest : largest.slice(0, 8)) {
    console.log(
      `  ${script.name.padEnd(56)} ${kilobytes(script.raw).padStart(9)} → ${kilobytes(script.gzipped).padStart(8)}`,
    );
  }
  if (!VERBOSE && largest.length > 8) console.log(`  … and ${largest.length - 8} smaller ones`);
  console.log(`  console errors: ${errors.length === 0 ? 'none' : errors.join(' | ')}`);
  console.log(`  DevTools issues: ${issues.length === 0 ? 'none' : issues.join(' | ')}`);
}

const bench = await startBrowserBench({ name: 'first-load', webRoot: WEB_ROOT });
const { baseUrl, browser } = bench;
try {
  const built = statSync(path.join(WEB_ROOT, 'index.html')).mtime;
  console.log(`${bench.browserLine}; studio built ${built.toISOString()}; ${machineLine()}`);

  const login = await load(browser, baseUrl, '/login', (page) =>
    page.getByRole('button', { name: 'Continue', exact: true }).waitFor(),
  );
  report('/login, signed out', TARGET_LOGIN_KB, login);

  // The session lives in localStorage: sign in once through the form, then open the dashboard
  // with that storage in a new context, whose cache is empty.
  const signingIn = await browser.newContext({ baseURL: baseUrl });
  const signInPage = await signingIn.newPage();
  await signInToDashboard(signInPage, bench.user);
  const storageState = await signingIn.storageState();
  await signingIn.close();
  const dashboard = await load(
    browser,
    baseUrl,
    '/app',
    (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    { storageState },
  );
  report('/app (dashboard), signed in', TARGET_DASHBOARD_KB, dashboard);
  console.log(`\ndone; ${machineLine()}`);
} finally {
  await bench.close();
}
