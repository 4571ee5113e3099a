import { expect, type Browser } from '@playwright/test';
import { en } from '../../apps/player/src/i18n/words.ts';

/** What a viewer saw along one path of a story. */
export interface WatchedPath {
  /** The subtitle cue on screen at the start of the opening. */
  subtitle: string;
  /** The banner shown at the opening: its kind, its button and where it leads. */
  banner: { kind: string; text: string; href: string | null };
  /** The options offered at each choice, by their captions, in the order shown. */
  choices: string[][];
}

/**
 * Plays `/watch/{slug}` in a signed-out browser of its own, taking the options named in `path` at
 * each choice in turn, to the ending; answers what was on screen on the way.
 */
export async function watchPath(browser: Browser, slug: string, path: readonly string[]) {
  const viewer = await browser.newContext({ locale: 'en-US' });
  const watch = await viewer.newPage();
  await watch.goto(`/watch/${slug}`);
  await watch.getByRole('button', { name: en.play }).click();

  let subtitle = '';
  await expect
    .poll(async () => {
      subtitle = await watch.evaluate(() =>
        Array.from(document.querySelector('video')?.textTracks ?? [])
          .filter((track) => track.mode === 'showing')
          .flatMap((track) => Array.from(track.activeCues ?? []))
          .map((cue) => (cue as VTTCue).text)
          .join('\n'),
      );
      return subtitle;
    })
    .not.toBe('');
  const shownBanner = watch.locator('.banner');
  const bannerButton = shownBanner.locator('.banner-button');
  await expect(bannerButton).toBeVisible();
  // The picture has arrived and decoded: an imported banner carries its image, not only its text.
  await expect
    .poll(() =>
      shownBanner
        .locator('img.banner-image')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  const banner = {
    kind: (await shownBanner.getAttribute('class'))?.replace('banner ', '') ?? '',
    text: (await bannerButton.innerText()).trim(),
    href: await bannerButton.getAttribute('href'),
  };

  const choices: string[][] = [];
  const region = watch.getByRole('region', { name: en.choices });
  for (const option of path) {
    const button = region.getByRole('button', { name: option, exact: true });
    await expect(button).toBeVisible({ timeout: 20_000 });
    choices.push((await region.getByRole('button').allInnerTexts()).map((text) => text.trim()));
    await button.click();
  }
  await expect(watch.getByRole('button', { name: en.replay })).toBeVisible({ timeout: 20_000 });
  await viewer.close();
  return { subtitle, banner, choices } satisfies WatchedPath;
}
