import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { copyTestClip, copyTestPicture } from '../../apps/server/src/test/media-fixtures.ts';
import { expectAccessible } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const SERIES = 'The Lighthouse Keepers';
const EPISODE = 'The Storm';
const DOOR = 'the-door.mp4';
const STAIRS = 'the-stairs.mp4';
const CLIPS = [DOOR, STAIRS];
const BRIDGE = 'which-way.mp4';

/** A file name inside a sentence of the studio is isolated (FSI … PDI) to keep its direction. */
const isolated = (text: string) => `\u2068${text}\u2069`;

const srt = (line: string) => `1\n00:00:00,000 --> 00:00:02,000\n${line}\n`;

/**
 * A full-page screenshot in the test's output, attached to the report too. Taken from the top, so
 * the fixed app bar and menu show where they belong rather than at the scroll position.
 */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Adds a language to a clip or bridge and types its caption (left unsent until Save). */
async function addLanguage(page: Page, item: Locator, language: string, caption: string) {
  await item.getByRole('button', { name: 'Add language' }).click();
  await item
    .getByRole('listitem', { name: 'New language' })
    .getByRole('combobox', { name: 'Language' })
    .click();
  await page.getByRole('option', { name: language, exact: true }).click();
  const field = item
    .getByRole('listitem', { name: language, exact: true })
    .getByRole('textbox', { name: 'Caption' });
  await expect(field).toBeEnabled();
  await field.fill(caption);
}

/** Uploads a language's .srt subtitle and waits for its name to show in place of the button. */
async function uploadSubtitle(item: Locator, language: string, file: string) {
  await item.getByLabel(`Subtitle file in ${language}`).setInputFiles(file);
  await expect(
    item
      .getByRole('listitem', { name: language, exact: true })
      .getByRole('button', { name: `Remove the ${language} subtitle ${path.basename(file)}` }),
  ).toBeVisible();
}

// Three uploads transcoded by the server's worker on a small machine, and a 15 s status poll.
test.describe.configure({ timeout: 480_000 });

test('a creator builds a series episode through steps 1 and 2 of the wizard and reaches step 3', async ({
  studio: page,
  ffmpeg,
  mediaDir,
}, testInfo) => {
  // Real media, made with ffmpeg: two clips and a bridge with sound, the artwork, the subtitles.
  const media = (name: string) => path.join(mediaDir, name);
  // Copies under the names the studio lists, of the media made once for every run.
  const made = { binaries: ffmpeg };
  for (const name of [...CLIPS, BRIDGE]) {
    await copyTestClip({ width: 640, height: 360, seconds: 3 }, media(name), made);
  }
  await copyTestPicture({ width: 360, height: 640 }, media('poster-mobile.png'), made);
  await copyTestPicture({ width: 640, height: 360 }, media('poster-desktop.jpg'), made);
  await copyTestPicture({ width: 656, height: 896 }, media('banner-vertical.png'), made);
  const subtitles = {
    'the-door-en.srt': 'The door creaks open.',
    'the-door-de.srt': 'Die Tür knarrt.',
    'the-stairs-en.srt': 'Footsteps on the stairs.',
    'the-stairs-de.srt': 'Schritte auf der Treppe.',
  };
  for (const [name, line] of Object.entries(subtitles)) await writeFile(media(name), srt(line));

  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const serverErrors: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 500) {
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });

  await page.goto('/app');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Project Add', exact: true })
    .click();
  await expect(page).toHaveURL(/\/app\/project-create$/);
  const stepper = page.getByRole('list', { name: 'Project wizard steps' });
  await expect(stepper.getByRole('listitem').filter({ hasText: 'Project info' })).toHaveAttribute(
    'aria-current',
    'step',
  );

  // Step 1: a new series from its typed title, episode 1 of it, and the project's info.
  const form = page.getByRole('form', { name: 'Project info' });
  const series = form.getByRole('combobox', { name: 'Series', exact: true });
  await series.fill(SERIES);
  const addSeries = page.getByRole('option').filter({ hasText: 'Add series' });
  await expect(addSeries).toHaveText(`Add series “${isolated(SERIES)}”`);
  await addSeries.click();
  await expect(series).toHaveValue(SERIES);
  await form.getByRole('combobox', { name: 'Episode sequence' }).click();
  await page.getByRole('option', { name: '1', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Episode sequence' })).toHaveText('1');
  await form.getByRole('textbox', { name: 'Episode Title' }).fill(EPISODE);
  const tags = form.getByRole('combobox', { name: 'Tags' });
  for (const tag of ['mystery', 'coast']) {
    await tags.fill(tag);
    await tags.press('Enter');
  }
  await expect(form.getByRole('button', { name: 'mystery' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'coast' })).toBeVisible();
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('A keeper hears a knock at the door on the night of the storm.');
  await form.getByRole('radio', { name: 'Horizontal' }).check();

  // The first thumbnail makes the project, whose id then shows in the address.
  const thumbnails = [
    { name: 'Mobile thumbnail', file: media('poster-mobile.png') },
    { name: 'Desktop thumbnail', file: media('poster-desktop.jpg') },
  ];
  for (const { name, file } of thumbnails) {
    const field = form.getByRole('region', { name });
    await field.getByLabel('Upload image').setInputFiles(file);
    await expect(field.getByRole('img', { name })).toBeVisible();
    // Delete is offered once the server has the thumbnail and the page knows the project.
    await expect(field.getByRole('button', { name: 'Delete' })).toBeVisible({ timeout: 30_000 });
    await expect(field.getByText('Replace image')).toBeVisible();
  }
  await expect(page).toHaveURL(/\/app\/project-create\/\d+$/);
  const movieId = Number(/project-create\/(\d+)/.exec(page.url())?.[1]);
  await expect(form.getByText('Save your changes to go on.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await shoot(page, testInfo, '01-step-one-filled');
  await expectAccessible(page, 'wizard step 1, filled in');

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Change saved!')).toBeVisible();
  await expect(form.getByText('Save your changes to go on.')).toBeHidden();
  const next = form.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2: two clips, then a bridge, uploaded through the tabs' upload boxes.
  await expect(page).toHaveURL(new RegExp(`/app/project-create/${movieId}\\?step=2$`));
  await expect(
    stepper.getByRole('listitem').filter({ hasText: 'Clips & bridges' }),
  ).toHaveAttribute('aria-current', 'step');
  const clipBox = page.getByRole('region', { name: 'Upload clips' });
  await clipBox.getByLabel('Choose files').setInputFiles(CLIPS.map(media));
  await clipBox.getByRole('button', { name: 'Upload' }).click();
  const clipList = page.getByRole('list', { name: 'Clips', exact: true });
  for (const clip of CLIPS) {
    await expect(clipList.getByRole('listitem', { name: clip })).toBeVisible({ timeout: 60_000 });
  }
  await expect(clipBox.getByText('No files chosen')).toBeVisible();

  await page.getByRole('tab', { name: 'Bridge' }).click();
  const bridgeBox = page.getByRole('region', { name: 'Upload bridges' });
  await bridgeBox.getByLabel('Choose files').setInputFiles(media(BRIDGE));
  await bridgeBox.getByRole('button', { name: 'Upload' }).click();
  const bridgeList = page.getByRole('list', { name: 'Bridges', exact: true });
  const bridge = bridgeList.getByRole('listitem', { name: BRIDGE });
  await expect(bridge).toBeVisible({ timeout: 60_000 });

  // The page asks for the status every 15 s while anything transcodes: all three turn ready.
  // (Counted through both tabs: the Clip tab's items are in the page, hidden.)
  await expect(page.locator('li[data-look="ready"]')).toHaveCount(3, { timeout: 300_000 });
  await expect(page.locator('li[data-look]')).toHaveCount(3);
  await expect(bridge.getByText('Ready · 0:03')).toBeVisible();
  await expect(bridge.getByRole('img', { name: `Thumbnail of ${BRIDGE}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Clip' }).click();
  const door = clipList.getByRole('listitem', { name: DOOR });
  const stairs = clipList.getByRole('listitem', { name: STAIRS });
  for (const clip of CLIPS) {
    const item = clipList.getByRole('listitem', { name: clip });
    await expect(item.getByText('Ready · 0:03')).toBeVisible();
    const thumbnail = item.getByRole('img', { name: `Thumbnail of ${clip}` });
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  await shoot(page, testInfo, '02-step-two-ready');
  await expectAccessible(page, "wizard step 2, the clips' list");

  // Captions in English and German on every item; one German caption is left empty for now.
  await addLanguage(page, door, 'English', 'Open the door?');
  await addLanguage(page, door, 'German', 'Die Tür öffnen?');
  await addLanguage(page, stairs, 'English', 'Climb the stairs?');
  await addLanguage(page, stairs, 'German', '');
  await page.getByRole('tab', { name: 'Bridge' }).click();
  await addLanguage(page, bridge, 'English', 'Up or out?');
  await addLanguage(page, bridge, 'German', 'Hinauf oder hinaus?');
  await page.getByRole('tab', { name: 'Clip' }).click();
  await expect(page.getByText('Changes not saved yet')).toBeVisible();

  // Check lists what stands between step 2 and Next, in the spec's words.
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const problems = page.getByRole('list', { name: 'Before going on' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Data is not saved yet: press Save.',
    `Empty German caption on ${isolated(STAIRS)}`,
  ]);
  await expect(page.getByRole('alert').filter({ has: problems })).toBeFocused();
  await shoot(page, testInfo, '03-step-two-check');
  await expectAccessible(page, "wizard step 2, Check's list and unsaved captions");

  // Save sends the captions it can; the empty one is refused on its field until it is written.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  const emptyCaption = stairs
    .getByRole('listitem', { name: 'German', exact: true })
    .getByRole('textbox', { name: 'Caption' });
  await expect(emptyCaption).toHaveAccessibleDescription('Required');
  await expect(page.getByText('Changes not saved yet')).toBeVisible();
  await emptyCaption.fill('Die Treppe hinauf?');
  await save.click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(problems).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();

  // One clip's subtitle: now every clip language needs one, and Check says which.
  await uploadSubtitle(door, 'English', media('the-door-en.srt'));
  await expect(page.getByText('Changes not saved yet')).toBeVisible();
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const needsOne = (language: string, file: string) =>
    `Empty ${language} subtitle on ${isolated(file)}: once a clip has a subtitle, every clip needs one for each of its languages`;
  await expect(problems.getByRole('listitem')).toHaveText([
    'Data is not saved yet: press Save.',
    needsOne('German', DOOR),
    needsOne('English', STAIRS),
    needsOne('German', STAIRS),
  ]);
  await uploadSubtitle(door, 'German', media('the-door-de.srt'));
  await uploadSubtitle(stairs, 'English', media('the-stairs-en.srt'));
  await uploadSubtitle(stairs, 'German', media('the-stairs-de.srt'));
  await expect(problems.getByRole('listitem')).toHaveText(['Data is not saved yet: press Save.']);
  await save.click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(problems).toBeHidden();
  await shoot(page, testInfo, '04-step-two-captions');
  await expectAccessible(page, 'wizard step 2, captions and subtitles saved');
  // The same list on a phone's width: the language rows stack.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(door.getByText(DOOR)).toBeVisible();
  await shoot(page, testInfo, '04-step-two-captions-390px');
  if (desktop) await page.setViewportSize(desktop);

  // Banner: the vertical image, the button and its link.
  await page.getByRole('tab', { name: 'Banner' }).click();
  const vertical = page.getByRole('region', { name: 'Vertical', exact: true });
  await expect(vertical.getByText('Recommended size: 656 × 896 px')).toBeVisible();
  await vertical
    .getByLabel('Vertical banner image file')
    .setInputFiles(media('banner-vertical.png'));
  const bannerImage = vertical.getByRole('img', { name: 'Vertical banner image' });
  await expect(bannerImage).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => bannerImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const banner = page.getByRole('form', { name: 'Button and link' });
  await banner.getByRole('textbox', { name: 'Button text', exact: true }).fill('Watch episode 2');
  await banner.getByRole('textbox', { name: 'Button colour', exact: true }).fill('#0d47a1');
  await banner.getByRole('textbox', { name: 'Button text colour', exact: true }).fill('#fff8e1');
  await banner
    .getByRole('textbox', { name: 'Target URL' })
    .fill('https://harbourlight.test/lighthouse-keepers');
  const bannerSaved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/media/banner') && response.request().method() === 'POST',
  );
  await banner.getByRole('button', { name: 'Save banner' }).click();
  expect((await bannerSaved).ok()).toBe(true);
  await expect(page.getByText('Change saved!').last()).toBeVisible();
  await shoot(page, testInfo, '05-step-two-banner');
  await expectAccessible(page, "wizard step 2, the banner's tab");

  // What the server kept: after a reload, the step still offers Next, and the banner is there.
  await page.reload();
  await expect(clipList.getByRole('listitem', { name: DOOR })).toBeVisible();
  await expect(
    stairs.getByRole('listitem', { name: 'German', exact: true }).getByRole('textbox', {
      name: 'Caption',
    }),
  ).toHaveValue('Die Treppe hinauf?');
  await expect(stairs.getByText('the-stairs-de.srt')).toBeVisible();
  await page.getByRole('tab', { name: 'Banner' }).click();
  await expect(banner.getByRole('textbox', { name: 'Button text', exact: true })).toHaveValue(
    'Watch episode 2',
  );
  await expect(banner.getByRole('textbox', { name: 'Target URL' })).toHaveValue(
    'https://harbourlight.test/lighthouse-keepers',
  );
  await expect(vertical.getByRole('img', { name: 'Vertical banner image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check', exact: true })).toHaveCount(0);

  // Next leads to step 3: the storyline.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/project-create/${movieId}\\?step=3$`));
  await expect(stepper.getByRole('listitem').filter({ hasText: 'Storyline' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('heading', { name: 'Storyline', level: 2 })).toBeVisible();
  await shoot(page, testInfo, '06-step-three');
  await expectAccessible(page, 'wizard step 3, an empty storyline');

  expect(pageErrors).toEqual([]);
  expect(serverErrors).toEqual([]);
});
