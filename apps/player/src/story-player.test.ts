// @vitest-environment jsdom
import { getByRole, queryByRole, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, mount, playToQuestion } from './test/mount-player.ts';
import { makeWatchData } from './test/watch-data.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the story player', () => {
  it('starts with a big Play button over the poster; the opening follows by itself to the question', async () => {
    const { engine, page, video, recorded } = await mount();
    expect(video.poster).toContain('/media/10/poster.jpg');
    expect(engine.start).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    // One child: chosen as soon as its parent is in the path; the question waits for the viewer.
    expect(engine.choose.mock.calls.map(([node]) => node.id)).toEqual([2]);
    expect(engine.end).not.toHaveBeenCalled();

    engine.show(0);
    expect(recorded).toEqual([]);
    getByRole(page, 'button', { name: 'Play' }).click();
    await flush();
    expect(video.play).toHaveBeenCalled();
    expect(recorded).toEqual([{ type: 'start' }, { type: 'node', node_id: 1 }]);
    expect(queryByRole(page, 'button', { name: 'Play' })).toBeNull();
    expect(getByRole(page, 'button', { name: 'Pause' })).toBeTruthy();
  });

  it('prefetches the options when the question starts and shows them in its last seconds', async () => {
    const { engine, page } = await playToQuestion();
    expect(engine.prefetch.mock.calls.at(-1)![0].map((node) => node.id)).toEqual([3, 4]);

    engine.playTo(1, 2.9, 8);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    engine.playTo(1, 3, 8);
    const choices = getByRole(page, 'region', { name: 'Choices' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Take the left path', 'Take the right path']);
    // The focus rested on Pause, where Play put it: the first option takes it, for the keyboard.
    expect(document.activeElement).toBe(
      within(choices).getByRole('button', { name: 'Take the left path' }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(page.querySelector('[aria-live]')!.textContent).toBe(
      'Choose what happens next: Take the left path, Take the right path.',
    );
  });

  it('keeps the choices up at the node’s end until the viewer chooses, then follows the option', async () => {
    const { engine, page, recorded } = await playToQuestion();
    engine.events.emit('nodeend', { index: 1, node: engine.path[1]! });
    const choices = getByRole(page, 'region', { name: 'Choices' });

    within(choices).getByRole('button', { name: 'Take the right path' }).click();
    expect(engine.choose.mock.calls.at(-1)![0].id).toBe(4);
    // The right path has no children: an ending.
    expect(engine.end).toHaveBeenCalledTimes(1);
    expect(queryByRole(page, 'region', { name: 'Choices' })).toBeNull();
    expect(recorded.at(-1)).toEqual({ type: 'choice', node_id: 2, option_id: 4 });
    expect(getByRole(page, 'button', { name: 'Previous choice' })).toBeTruthy();
  });

  it('shows Replay and Share at an ending, and goes back to the last choice', async () => {
    const { engine, page, recorded, video } = await playToQuestion();
    engine.playTo(1, 7, 8);
    within(getByRole(page, 'region', { name: 'Choices' }))
      .getByRole('button', { name: 'Take the left path' })
      .click();
    engine.show(2);
    engine.events.emit('ended', { index: 2, node: engine.path[2]! });
    expect(recorded.at(-1)).toEqual({ type: 'ending', node_id: 3 });
    expect(getByRole(page, 'button', { name: 'Replay' })).toBeTruthy();
    expect(getByRole(page, 'button', { name: 'Share' })).toBeTruthy();

    getByRole(page, 'button', { name: 'Previous choice' }).click();
    await flush();
    expect(engine.restartFrom).toHaveBeenCalledWith(1);
    expect(queryByRole(page, 'button', { name: 'Replay' })).toBeNull();
    expect(queryByRole(page, 'button', { name: 'Previous choice' })).toBeNull();
    expect(video.play).toHaveBeenCalled();
    engine.show(1, 0);
    engine.playTo(1, 3.5, 8);
    expect(getByRole(page, 'region', { name: 'Choices' })).toBeTruthy();
  });

  it('replays from the start, the opening again followed by the question', async () => {
    const { engine, page } = await playToQuestion();
    engine.playTo(1, 7, 8);
    within(getByRole(page, 'region', { name: 'Choices' }))
      .getByRole('button', { name: 'Take the left path' })
      .click();
    engine.events.emit('ended', { index: 2, node: engine.path[2]! });
    engine.choose.mockClear();
    getByRole(page, 'button', { name: 'Replay' }).click();
    await flush();
    expect(engine.restartFrom).toHaveBeenCalledWith(0);
    expect(engine.choose.mock.calls.map(([node]) => node.id)).toEqual([2]);
  });

  it('offers no Share when the project is not shareable', async () => {
    const { engine, page } = await mount({
      shareable: false,
      plot: makeWatchData().plot.slice(0, 1),
    });
    expect(engine.end).toHaveBeenCalled();
    engine.show(0);
    engine.events.emit('ended', { index: 0, node: engine.path[0]! });
    expect(getByRole(page, 'button', { name: 'Replay' })).toBeTruthy();
    expect(queryByRole(page, 'button', { name: 'Share' })).toBeNull();
  });

  it('shows a banner at its time as a link to the target, until closed', async () => {
    const { engine, page } = await mount();
    engine.show(0);
    engine.playTo(0, 1.5);
    expect(queryByRole(page, 'link', { name: 'Visit us' })).toBeNull();
    engine.playTo(0, 2);
    const link = getByRole(page, 'link', { name: 'Visit us' });
    expect(link.getAttribute('href')).toBe('https://example.test/shop');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.closest('.banner-vertical')?.querySelector('img')?.getAttribute('src')).toBe(
      '/media/banner/vertical.png',
    );

    getByRole(page, 'button', { name: 'Close banner' }).click();
    engine.playTo(0, 3);
    expect(queryByRole(page, 'link', { name: 'Visit us' })).toBeNull();
  });

  it('switches the captions, the subtitles and the player’s words to the language chosen, right to left for Arabic', async () => {
    const { engine, page, video } = await playToQuestion();
    engine.playTo(1, 6, 8);
    getByRole(page, 'button', { name: 'Subtitles and language' }).click();
    const menu = getByRole(page, 'menu', { name: 'Subtitles and language' });
    // Each language in its own name, for the viewers who read it.
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.lang]),
    ).toEqual([
      ['English', 'en'],
      ['العربية', 'ar'],
      ['Off', ''],
    ]);
    within(menu).getByRole('menuitem', { name: 'العربية' }).click();

    const choices = getByRole(page, 'region', { name: 'Choices' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['خذ الطريق الأيسر', 'خذ الطريق الأيمن']);
    expect(choices.dir).toBe('rtl');
    expect(choices.lang).toBe('ar');
    const modes = [...video.querySelectorAll('track')].map((track) => [
      track.srclang,
      track.track.mode,
    ]);
    expect(modes).toEqual([
      ['en', 'disabled'],
      ['ar', 'showing'],
    ]);
    // The viewer's pick: the player speaks Arabic too, laid out right to left.
    await vi.waitFor(() => expect(page.lang).toBe('ar'));
    expect(page.dir).toBe('rtl');
    expect(getByRole(page, 'region', { name: 'الخيارات' })).toBe(choices);

    getByRole(page, 'button', { name: 'الترجمة واللغة' }).click();
    within(getByRole(page, 'menu')).getByRole('menuitem', { name: 'إيقاف' }).click();
    expect([...video.querySelectorAll('track')].map((track) => track.track.mode)).toEqual([
      'disabled',
      'disabled',
    ]);
    // Subtitles off: the words stay as they were.
    await flush();
    expect(page.lang).toBe('ar');
  });
});
