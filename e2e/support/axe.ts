import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { E2E_EXPECT_TIMEOUT_MS } from '../../playwright.config.ts';
import { STUDIO_STATE_KEY } from './sign-in.ts';

/** The WCAG 2.1 A and AA rules, the level the studio is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a journey (issue 16: no critical and no serious violation). */
const FAILING_IMPACTS = new Set(['critical', 'serious']);

/**
 * The header's look toggles, named in English and in Arabic: the checks switch between the two.
 * The same buttons sit on the signed-out pages (AuthLayout) and in the app header.
 */
const MODE_TOGGLE_NAMES: Record<string, string> = {
  en: 'Toggle dark mode',
  ar: 'تبديل الوضع الداكن',
};
const MODE_TOGGLE = new RegExp(`^(${Object.values(MODE_TOGGLE_NAMES).join('|')})$`);
const LANGUAGE_BUTTON = /^(Change language|تغيير اللغة)$/;

interface Violation {
  look: string;
  rule: string;
  impact: string;
  help: string;
  /** Each element: its selector and the start of its HTML (the selectors are generated classes). */
  targets: string[];
}

/**
 * axe-core, put into the page once and run there directly: @axe-core/playwright's AxeBuilder
 * injects it again on every call and collects every rule's passes across frames, ten times the
 * time (about 0.9 s against 0.1 s a run on the company list), which four looks on every screen
 * would multiply. The frames are left out: the only one, step 4's preview,
 * is the player, checked on its own page.
 */
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & {
  axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
};

/** Runs axe-core over the page as it is now: its critical and serious WCAG violations. */
async function failingViolations(page: Page, look: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(
    (tags) =>
      (window as AxeWindow).axe!.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  return violations.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      look,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
}

/**
 * Waits for the studio page's fade-in (spec §2: it starts after a load delay, so no transition
 * runs yet while it waits), for every list to have its rows (a list being fetched again is dimmed
 * and marked aria-busy) and for the theme's colour transitions to end, so that contrast is
 * measured on the final colours; endless animations (spinners, progress) are left running.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>('main > *')).every(
        (element) => element.style.opacity !== '0',
      ) &&
      document.querySelector('[aria-busy="true"]') === null &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
  );
}

/**
 * Turns the page's CSS transitions off, so that a switch of the look reaches its final colours at
 * once instead of running the theme's colour transitions for settle() to wait out: axe-core reads
 * the same final colours either way. Answers how to turn them on again.
 */
async function withoutTransitions(page: Page): Promise<() => Promise<void>> {
  const style = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  return () => style.evaluate((element) => (element as Element).remove());
}

/** How long a switch of the look may take before it is taken for a click that was lost. */
const RETRY_AFTER_MS = 2_000;

/**
 * Presses a toggle the way the app's own click handler sees it, without moving the mouse (no
 * tooltip left open over the page) and whether or not a dialog covers the header.
 */
async function press(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('button', { name, includeHidden: true }).dispatchEvent('click');
}

interface Look {
  mode: string;
  language: string;
}

async function currentLook(page: Page): Promise<Look> {
  const html = page.locator('html');
  return {
    mode: (await html.getAttribute('data-mode')) ?? 'light',
    language: (await html.getAttribute('lang')) ?? 'en',
  };
}

async function expectLook(page: Page, { mode, language }: Look): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mode', mode);
  await expect(html).toHaveAttribute('lang', language);
}

/** Switches the look with the header's toggles, as a user does: the screen keeps its state. */
async function switchWithToggles(page: Page, target: Look): Promise<void> {
  const html = page.locator('html');
  // A click dispatched as the screen re-renders (a route's page just replacing the last one) can
  // land on a toggle React has let go of: the look is read again before each try, so a click that
  // did take is never undone by the next.
  await expect(async () => {
    if ((await currentLook(page)).mode !== target.mode) await press(page, MODE_TOGGLE);
    await expect(html).toHaveAttribute('data-mode', target.mode, { timeout: RETRY_AFTER_MS });
  }).toPass({ timeout: E2E_EXPECT_TIMEOUT_MS });
  await expect(async () => {
    if ((await currentLook(page)).language !== target.language) {
      await press(page, LANGUAGE_BUTTON);
      await page
        .locator(`[role="menuitem"][lang="${target.language}"]`)
        .dispatchEvent('click', undefined, { timeout: RETRY_AFTER_MS });
    }
    await expect(html).toHaveAttribute('lang', target.language, { timeout: RETRY_AFTER_MS });
  }).toPass({ timeout: E2E_EXPECT_TIMEOUT_MS });
  await expect(page.locator('[role="menuitem"][lang]')).toHaveCount(0);
  // The texts are in the new language, not only the page's attributes.
  await expect(
    page.getByRole('button', { name: MODE_TOGGLE_NAMES[target.language], includeHidden: true }),
  ).toHaveCount(1);
  await expectLook(page, target);
}

/**
 * Switches the look of a screen without the toggles (the error pages) through the stored state,
 * which the app reads when it starts: such a screen holds nothing a reload would lose.
 */
async function switchByReload(page: Page, target: Look): Promise<void> {
  await page.evaluate(
    ({ key, mode, language }) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{}}') as {
        state: Record<string, unknown>;
      };
      stored.state = { ...stored.state, mode, language };
      localStorage.setItem(key, JSON.stringify(stored));
    },
    { key: STUDIO_STATE_KEY, ...target },
  );
  await page.reload();
  await expectLook(page, target);
}

/**
 * The screen as it is now passes axe-core's WCAG 2.1 A/AA rules in the four looks of the studio:
 * its current one, then dark (or light), Arabic right to left (or English), and both. The looks
 * are switched through the header's own toggles, so that the screen keeps its state (no reload);
 * a screen without them is reloaded in each look. It ends in the look it started in, with the
 * focus where it was. A violation fails the journey at its end, naming the screen, the look, the
 * rule and the elements; the journey goes on to check its other screens meanwhile.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A step of its own, so that a report shows each screen's check and what it took.
  await test.step(`axe-core on ${screen}`, () => checkAccessible(page, screen), { box: true });
}

async function checkAccessible(page: Page, screen: string): Promise<void> {
  const start = await currentLook(page);
  const otherMode = start.mode === 'dark' ? 'light' : 'dark';
  const otherLanguage = start.language === 'ar' ? 'en' : 'ar';
  const hasToggles =
    (await page.getByRole('button', { name: MODE_TOGGLE, includeHidden: true }).count()) > 0;
  const switchTo = hasToggles ? switchWithToggles : switchByReload;
  const focused = await page.evaluateHandle(() => document.activeElement);
  // A reload would drop the style again: only a screen switched in place keeps it.
  const restoreTransitions = hasToggles ? await withoutTransitions(page) : null;

  const found: Violation[] = [];
  for (const look of [
    start,
    { ...start, mode: otherMode },
    { mode: otherMode, language: otherLanguage },
    { ...start, language: otherLanguage },
  ]) {
    if (look !== start) await switchTo(page, look);
    await settle(page);
    found.push(...(await failingViolations(page, `${look.mode}, ${look.language}`)));
  }
  await switchTo(page, start);
  await restoreTransitions?.();
  if (hasToggles) await focused.evaluate((element) => (element as HTMLElement | null)?.focus?.());
  await focused.dispose();
  expect.soft(found, `axe-core on ${screen}`).toEqual([]);
}

/**
 * The page as it is now has no critical or serious WCAG 2.1 A/AA violation, in the look its
 * browser context gives it (the player follows the browser's scheme and language: a journey
 * opens it in a context of each look). Fails the journey at its end, naming the screen.
 */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  await settle(page);
  expect.soft(await failingViolations(page, screen), `axe-core on ${screen}`).toEqual([]);
}
