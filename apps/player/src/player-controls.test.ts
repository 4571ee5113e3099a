// @vitest-environment jsdom
import { getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWords, Texts } from './i18n/texts.ts';
import { flush, mount, playToQuestion, press } from './test/mount-player.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

const key = (target: Element, name: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

/** What a range input does at a key or at the end of a drag: a new value, then `change`. */
function slide(slider: HTMLInputElement, value: number) {
  slider.value = String(value);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  slider.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('the focus', () => {
  it('goes from Play to Pause, to the first option when they show, and back to Pause after choosing', async () => {
    const { engine, page } = await playToQuestion();
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));

    engine.playTo(1, 6, 8);
    const choices = getByRole(page, 'region', { name: 'Choices' });
    const left = within(choices).getByRole('button', { name: 'Take the left path' });
    expect(document.activeElement).toBe(left);
    // Arrow keys move between the options.
    key(left, 'ArrowRight');
    expect(document.activeElement).toHaveProperty('textContent', 'Take the right path');

    press(left);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));
  });

  it('leaves the focus where the viewer put it when the options show', async () => {
    const { engine, page } = await playToQuestion();
    const menuButton = getByRole(page, 'button', { name: 'Subtitles and language' });
    menuButton.focus();
    engine.playTo(1, 6, 8);
    expect(getByRole(page, 'region', { name: 'Choices' })).toBeTruthy();
    expect(document.activeElement).toBe(menuButton);
  });

  it('goes to Replay at an ending, and to Pause when playing again; never to the page', async () => {
    const { engine, page } = await playToQuestion();
    engine.playTo(1, 6, 8);
    press(getByRole(page, 'button', { name: 'Take the left path' }));
    engine.show(2);
    engine.events.emit('ended', { index: 2, node: engine.path[2]! });
    const replay = getByRole(page, 'button', { name: 'Replay' });
    expect(document.activeElement).toBe(replay);

    press(replay);
    await flush();
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));

    // Back to the last choice: 'Previous choice' goes away with the focus on it.
    engine.show(1);
    engine.playTo(1, 6, 8);
    press(getByRole(page, 'button', { name: 'Take the right path' }));
    press(getByRole(page, 'button', { name: 'Previous choice' }));
    await flush();
    expect(queryByRole(page, 'button', { name: 'Previous choice' })).toBeNull();
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));
  });

  it('goes to Pause when the banner it was on is closed, or the options it was on go', async () => {
    const { engine, page } = await mount();
    press(getByRole(page, 'button', { name: 'Play' }));
    await flush();
    engine.show(0);
    engine.playTo(0, 2);
    press(getByRole(page, 'button', { name: 'Close banner' }));
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));

    engine.show(1);
    engine.playTo(1, 6, 8);
    getByRole(page, 'button', { name: 'Take the left path' }).focus();
    // The node starts again (the engine went back to it): its options go until its last seconds.
    engine.show(1);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Pause' }));
  });

  it('comes back to the language button when the menu closes with Escape, a choice or Tab', async () => {
    const { page } = await playToQuestion();
    const button = getByRole(page, 'button', { name: 'Subtitles and language' });
    for (const close of [
      (menu: HTMLElement) => key(menu.querySelector('[role=menuitem]')!, 'Escape'),
      (menu: HTMLElement) => key(menu.querySelector('[role=menuitem]')!, 'Tab'),
      (menu: HTMLElement) => within(menu).getByRole('menuitem', { name: 'English' }).click(),
    ]) {
      press(button);
      const menu = getByRole(page, 'menu');
      expect(menu.contains(document.activeElement)).toBe(true);
      close(menu);
      expect(queryByRole(page, 'menu')).toBeNull();
      expect(document.activeElement).toBe(button);
    }
  });
});

describe('the seek bar', () => {
  it('spans the node on screen, reads out its time, and seeks within it on the joined stream', async () => {
    const { engine, page, video } = await playToQuestion();
    const seek = getByRole(page, 'slider', { name: 'Position in this scene' }) as HTMLInputElement;
    engine.playTo(1, 3.4, 8);
    expect([seek.min, seek.max, seek.value]).toEqual(['0', '8', '3']);
    expect(seek.getAttribute('aria-valuetext')).toBe('0:03 of 0:08');

    // The question starts 8 s into the stream (FakeBranchPlayer.show).
    slide(seek, 6);
    expect(video.currentTime).toBe(14);
    expect(seek.getAttribute('aria-valuetext')).toBe('0:06 of 0:08');
    // Not beyond its end, where the next node starts.
    slide(seek, 8);
    expect(video.currentTime).toBeCloseTo(15.9);
  });

  it('goes with Pause at an ending', async () => {
    const { engine, page } = await playToQuestion();
    engine.playTo(1, 6, 8);
    press(getByRole(page, 'button', { name: 'Take the left path' }));
    engine.show(2);
    engine.events.emit('ended', { index: 2, node: engine.path[2]! });
    expect(queryByRole(page, 'slider', { name: 'Position in this scene' })).toBeNull();
  });
});

describe('the sound', () => {
  it('sets the volume with a slider and mutes with a button or M', async () => {
    const { page, video } = await playToQuestion();
    const volume = getByRole(page, 'slider', { name: 'Volume' }) as HTMLInputElement;
    expect([volume.min, volume.max, volume.step, volume.value]).toEqual(['0', '100', '5', '100']);
    slide(volume, 40);
    expect(video.volume).toBe(0.4);
    expect(volume.getAttribute('aria-valuetext')).toBe('40%');

    press(getByRole(page, 'button', { name: 'Mute' }));
    expect(video.muted).toBe(true);
    expect(volume.value).toBe('0');
    const unmute = getByRole(page, 'button', { name: 'Unmute' });
    key(unmute, 'm');
    expect(video.muted).toBe(false);
    expect(volume.value).toBe('40');
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Mute' }));

    // Down to nothing is muted; unmuted from there, it can be heard again.
    slide(volume, 0);
    press(getByRole(page, 'button', { name: 'Unmute' }));
    expect([video.muted, video.volume]).toEqual([false, 0.5]);
  });

  it('pauses with K from any control', async () => {
    const { page, video } = await playToQuestion();
    key(getByRole(page, 'slider', { name: 'Volume' }), 'k');
    expect(video.paused).toBe(true);
    expect(getByRole(page, 'button', { name: 'Play' })).toBeTruthy();
  });
});

describe('leaving the player', () => {
  it('stops the engine and lets go of the page: no key acts on it, the full viewport is undone', async () => {
    const { engine, page, player, video } = await playToQuestion();
    press(getByRole(page, 'button', { name: 'Full screen' }));
    expect(document.documentElement.classList).toContain('has-full-viewport');

    player.destroy();
    page.remove();
    expect(engine.destroy).toHaveBeenCalledTimes(1);
    expect(document.documentElement.classList).not.toContain('has-full-viewport');
    key(document.body, 'k');
    expect(video.paused).toBe(false);
  });
});

describe('full screen', () => {
  it('covers the viewport with the player, overlays and all, where the Fullscreen API is missing', async () => {
    // jsdom, like iPhone Safari, has no Fullscreen API.
    expect(document.fullscreenEnabled).toBeFalsy();
    const { engine, page } = await playToQuestion();
    engine.playTo(1, 6, 8);
    press(getByRole(page, 'button', { name: 'Full screen' }));
    expect(page.classList).toContain('is-full-viewport');
    expect(page.contains(getByRole(page, 'region', { name: 'Choices' }))).toBe(true);
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'Exit full screen' }));

    key(document.activeElement!, 'Escape');
    expect(page.classList).not.toContain('is-full-viewport');
    press(getByRole(page, 'button', { name: 'Full screen' }));
    press(getByRole(page, 'button', { name: 'Exit full screen' }));
    expect(page.classList).not.toContain('is-full-viewport');
  });
});

describe('the player’s words', () => {
  it('come in the page’s language, Arabic right to left, with the captions in theirs', async () => {
    const texts = new Texts('ar', await loadWords('ar'));
    const { engine, page } = await mount({}, texts);
    expect([page.lang, page.dir]).toEqual(['ar', 'rtl']);
    press(getByRole(page, 'button', { name: 'تشغيل' }));
    await flush();
    expect(document.activeElement).toBe(getByRole(page, 'button', { name: 'إيقاف مؤقت' }));
    engine.show(0);
    engine.show(1);
    engine.playTo(1, 6, 8);
    // The project's primary language is English: its captions stay left to right.
    const choices = getByRole(page, 'region', { name: 'الخيارات' });
    expect([choices.lang, choices.dir]).toEqual(['en', 'ltr']);
    await vi.advanceTimersByTimeAsync(100);
    expect(page.querySelector('[aria-live]')!.textContent).toBe(
      'اختر ما يحدث بعد ذلك: Take the left path، Take the right path.',
    );
    expect(getByRole(page, 'slider', { name: 'الموضع في هذا المشهد' })).toHaveProperty(
      'ariaValueText',
      '0:06 من 0:08',
    );
  });

  it('follow the viewer’s pick in the language menu, a later pick winning', async () => {
    const { page } = await playToQuestion(new Texts('de', await loadWords('de')));
    expect(getByRole(page, 'button', { name: 'Stummschalten' })).toBeTruthy();
    const menuButton = getByRole(page, 'button', { name: 'Untertitel und Sprache' });
    menuButton.click();
    within(getByRole(page, 'menu')).getByRole('menuitem', { name: 'العربية' }).click();
    menuButton.click();
    within(getByRole(page, 'menu')).getByRole('menuitem', { name: 'English' }).click();
    await vi.waitFor(() => expect(page.lang).toBe('en'));
    await flush();
    expect([page.lang, page.dir]).toEqual(['en', 'ltr']);
    expect(getByRole(page, 'button', { name: 'Subtitles and language' })).toBe(menuButton);
  });
});
