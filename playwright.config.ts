import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';

const PORT = 8181;
export const E2E_ADMIN = { email: 'admin@plotline.local', password: 'e2e-root-password' };
/** The server's DATA_DIR: the embedded database, uploads, and the outbox the journeys read mails from. */
export const E2E_DATA_DIR = '.e2e-data';
/** The server's clock runs ahead by the milliseconds in this file: journeys move it (CLOCK_OFFSET_FILE). */
export const E2E_CLOCK_OFFSET_FILE = `${E2E_DATA_DIR}/clock-offset-ms`;
/**
 * The local identity providers the studio signs in with (apps/server/src/test/oidc-issuers-main.ts),
 * one per kind, with the clients that script registers: `{kind}-client` and its secret.
 */
export const E2E_ISSUERS = {
  google: 'http://127.0.0.1:8191',
  microsoft: 'http://127.0.0.1:8192',
  generic: 'http://127.0.0.1:8193',
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
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
        OIDC_ISSUERS_REDIRECT_BASE: `http://127.0.0.1:${PORT}`,
        OIDC_GOOGLE_PORT: new URL(E2E_ISSUERS.google).port,
        OIDC_MICROSOFT_PORT: new URL(E2E_ISSUERS.microsoft).port,
        OIDC_GENERIC_PORT: new URL(E2E_ISSUERS.generic).port,
      },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node apps/server/dist/server.js`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        CLOCK_OFFSET_FILE: E2E_CLOCK_OFFSET_FILE,
        ...issuerClient('google'),
        ...issuerClient('microsoft'),
        ...issuerClient('generic'),
        OIDC_GENERIC_NAME: E2E_GENERIC_NAME,
      },
    },
  ],
});
