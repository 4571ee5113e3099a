import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';

/**
 * A run's ports and folders come from the environment, so that two runs can go at once on one
 * machine; unset, they are those a lone run has always used (README, "Tests").
 */
function portFromEnv(variable: string, fallback: number): number {
  const port = Number(process.env[variable] ?? fallback);
  if (!Number.isInteger(port) || port < 1 || port > 65_523) {
    throw new Error(`${variable} must be a port number, not ${process.env[variable]}`);
  }
  return port;
}
const fromRepo = (folder: string) => path.resolve(import.meta.dirname, folder);

/** The studio's port; the three identity providers listen ten ports above it, one after another. */
const PORT = portFromEnv('E2E_PORT', 8181);
const ISSUER_PORT = PORT + 10;
/** The studio's origin, every journey's baseURL. */
export const E2E_STUDIO_URL = `http://127.0.0.1:${PORT}`;
/**
 * How long an expect waits. The studio's first page in a fresh browser loads its whole bundle: on a
 * shared 2-core machine that alone can outlast Playwright's default 5 s.
 */
export const E2E_EXPECT_TIMEOUT_MS = 15_000;
export const E2E_ADMIN = { email: 'admin@plotline.local', password: 'e2e-root-password' };
/** The server's DATA_DIR: the embedded database, uploads, and the outbox the journeys read mails from. */
export const E2E_DATA_DIR = fromRepo(process.env.E2E_DATA_DIR ?? '.e2e-data');
/** Playwright's outputDir (traces, screenshots, a journey's files) and the html report's folder. */
const OUTPUT_DIR = fromRepo(process.env.E2E_OUTPUT_DIR ?? 'test-results');
const REPORT_DIR = fromRepo(process.env.E2E_REPORT_DIR ?? 'playwright-report');
/** The server's clock runs ahead by the milliseconds in this file: journeys move it (CLOCK_OFFSET_FILE). */
export const E2E_CLOCK_OFFSET_FILE = path.join(E2E_DATA_DIR, 'clock-offset-ms');
/**
 * The local identity providers the studio signs in with (apps/server/src/test/oidc-issuers-main.ts),
 * one per kind, with the clients that script registers: `{kind}-client` and its secret.
 */
export const E2E_ISSUERS = {
  google: `http://127.0.0.1:${ISSUER_PORT}`,
  microsoft: `http://127.0.0.1:${ISSUER_PORT + 1}`,
  generic: `http://127.0.0.1:${ISSUER_PORT + 2}`,
} as const;
/** The generic provider's display name, as its button shows it. */
export const E2E_GENERIC_NAME = 'Acme SSO';
const issuerClient = (kind: keyof typeof E2E_ISSUERS) => ({
  [`OIDC_${kind.toUpperCase()}_CLIENT_ID`]: `${kind}-client`,
  [`OIDC_${kind.toUpperCase()}_CLIENT_SECRET`]: `${kind}-secret-that-is-long-enough`,
  [`OIDC_${kind.toUpperCase()}_ISSUER`]: E2E_ISSUERS[kind],
});

/**
 * End-to-end journeys through the built studio, served by the real server on a fresh embedded
 * database, in Debian's Chromium (never a downloaded browser). `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  expect: { timeout: E2E_EXPECT_TIMEOUT_MS },
  forbidOnly: !!process.env.CI,
  outputDir: OUTPUT_DIR,
  reporter: process.env.CI
    ? 'list'
    : [['list'], ['html', { open: 'never', outputFolder: REPORT_DIR }]],
  use: {
    baseURL: E2E_STUDIO_URL,
    // Recording a trace for every journey costs a fifth of their time (measured: 180 s against
    // 144 s for accounts and storyline) and CI keeps no files of a run, only what it prints.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx apps/server/src/test/oidc-issuers-main.ts',
      // Its line once all three answer: an issuer listens before it can answer, and a request
      // in between would hang the readiness check.
      wait: { stdout: /"generic":\{"issuer"/ },
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        OIDC_ISSUERS_REDIRECT_BASE: E2E_STUDIO_URL,
        OIDC_GOOGLE_PORT: new URL(E2E_ISSUERS.google).port,
        OIDC_MICROSOFT_PORT: new URL(E2E_ISSUERS.microsoft).port,
        OIDC_GENERIC_PORT: new URL(E2E_ISSUERS.generic).port,
      },
    },
    {
      // The folder from the server's own DATA_DIR: the shell quotes it, whatever its name.
      command: 'rm -rf "$DATA_DIR" && node apps/server/dist/server.js',
      url: `${E2E_STUDIO_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: E2E_STUDIO_URL,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        CLOCK_OFFSET_FILE: E2E_CLOCK_OFFSET_FILE,
        // A story's items transcode two at a time, one per core of the machine the journeys run on.
        TRANSCODE_WORKERS: '2',
        ...issuerClient('google'),
        ...issuerClient('microsoft'),
        ...issuerClient('generic'),
        OIDC_GENERIC_NAME: E2E_GENERIC_NAME,
      },
    },
  ],
});
