/* eslint-disable no-empty-pattern -- Playwright reads a fixture's dependencies from its first
   parameter, which must be an object pattern: `{}` for a fixture that needs none. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import {
  resolveFfmpeg,
  type FfmpegBinaries,
} from '../../apps/server/src/adapters/ffmpeg/resolve-ffmpeg.ts';
import { copyTestClip } from '../../apps/server/src/test/media-fixtures.ts';
import type { TestClipSpec } from '../../apps/server/src/test/test-media.ts';
import { createCompanyAdmin, type Account } from './company-admin.ts';
import { sessionHeaders } from './project-api.ts';
import { storeSession } from './sign-in.ts';

export { expect } from '@playwright/test';

export interface ClipSpec extends TestClipSpec {
  /** The file's name, as the studio lists it once uploaded. */
  name: string;
}

export interface CompanyAccount extends Account {
  company: string;
}

interface JourneyFixtures {
  /** The clip `clip` makes; a journey that needs another changes it with `test.use`. */
  clipSpec: ClipSpec;
  /** The company and administrator `admin` makes; one of the journey's own unless it names one. */
  adminAccount: CompanyAccount;
  /** The ffmpeg the server transcodes with, for the media a journey makes. */
  ffmpeg: FfmpegBinaries;
  /** A folder of the journey's own for the files it makes, removed after it. */
  mediaDir: string;
  /** A clip with sound made with ffmpeg in `mediaDir`, as `clipSpec` says: its path. */
  clip: string;
  /** A company and its first superadmin, made through the API as the studio makes them. */
  admin: Account;
  /** The session header of `admin`, for set-up through the API. */
  adminHeaders: Record<string, string>;
  /**
   * The browser page, signed in as `admin` through the API with the session stored as the studio
   * keeps it (storeSession), not yet on any page: the journey opens the one it is about.
   */
  studio: Page;
}

/**
 * The journeys' test: what they set up before the part they are about — media made with ffmpeg,
 * a company administrator, their API session, a signed-in studio — each made only when a journey
 * asks for it, and cleaned up after it.
 */
export const test = base.extend<JourneyFixtures>({
  clipSpec: [{ name: 'scene.mp4', width: 320, height: 180, seconds: 3 }, { option: true }],
  adminAccount: [
    // A default from the test's id: every journey's company and email are its own.
    async ({}, use, testInfo) => {
      await use({
        company: 'Journey Films',
        email: `admin-${testInfo.testId}@journey.test`,
        password: 'journey-password-1',
      });
    },
    { option: true },
  ],
  ffmpeg: async ({}, use) => {
    await use(await resolveFfmpeg());
  },
  mediaDir: async ({}, use) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'plotline-e2e-'));
    await use(folder);
    await rm(folder, { recursive: true, force: true });
  },
  clip: async ({ ffmpeg, mediaDir, clipSpec: { name, ...spec } }, use) => {
    // A copy under the name the studio lists, of the clip made once for every run.
    await use(await copyTestClip(spec, path.join(mediaDir, name), { binaries: ffmpeg }));
  },
  admin: async ({ request, adminAccount }, use) => {
    await use(await createCompanyAdmin(request, adminAccount));
  },
  adminHeaders: async ({ request, admin }, use) => {
    await use(await sessionHeaders(request, admin));
  },
  studio: async ({ page, admin }, use) => {
    await storeSession(page.context(), admin);
    await use(page);
  },
});
