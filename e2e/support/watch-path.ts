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
  await expect(watch.locator('.banner .banner-button')).toBeVisible();
  // Read at one moment, once its picture has arrived and decoded (an imported banner carries its
  // image, not only its text): the banner leaves when the question comes, which may be within a
  // second, so reading its parts one call at a time could find it gone.
  let banner: WatchedPath['banner'] | null = null;
  await expect
    .poll(async () => {
      banner = await watch.evaluate(() => {
        const shown = document.querySelector('.banner');
        const image = shown?.querySelector<HTMLImageElement>('img.banner-image');
        const button = shown?.querySelector<HTMLElement>('.banner-button');
        if (!shown || !button || !image?.complete || image.naturalWidth === 0) return null;
        return {
          kind: shown.className.replace('banner ', ''),
          text: button.innerText.trim(),
          href: button.getAttribute('href'),
        };
      });
      return banner !== null;
    })
    .toBe(true);

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
  return { subtitle, banner: banner!, choices } satisfies WatchedPath;
}
