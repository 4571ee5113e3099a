import { RESUME_DAYS } from '@plotline/core/publishing';
import type { StoryState } from '@plotline/core/story-logic';
import type { Texts } from '../i18n/texts.ts';
import { resumeLink, saveResumeState } from '../page/resume-api.ts';
import { shareLink } from '../page/share-link.ts';
import { h, icon } from './dom.ts';

export interface ResumeLinkDialogOptions {
  /** Where the dialog goes: over the player, in full screen too. */
  host: HTMLElement;
  texts: Texts;
  slug: string;
  title: string;
  state: StoryState;
  /** Where the focus goes back when it closes. */
  opener: HTMLElement;
  fetch?: typeof globalThis.fetch;
  nav?: Pick<Navigator, 'share' | 'clipboard'>;
}

/**
 * 'Continue on another device' (loaded only when asked for: most viewings never open it): keeps
 * the viewing's state behind a resume token and shows the link to open elsewhere, to copy or to
 * share. A modal dialog over the player: the focus stays in it until it closes (Escape too), then
 * goes back to the button that opened it.
 */
export function openResumeLinkDialog(options: ResumeLinkDialogOptions): { close: () => void } {
  const { host, texts, slug, title, state, opener } = options;
  const nav = options.nav ?? navigator;
  const { words } = texts;
  const heading = h(
    'h2',
    { class: 'dialog-title', id: 'resume-link-title' },
    words.continueOnAnotherDevice,
  );
  const status = h('p', { class: 'status', role: 'status' }, words.creatingLink);
  const link = h('input', {
    class: 'link-field',
    type: 'text',
    readonly: true,
    dir: 'ltr',
    'aria-labelledby': 'resume-link-title',
    hidden: true,
  });
  const copyButton = h(
    'button',
    { type: 'button', class: 'action', hidden: true },
    icon('copy'),
    h('span', {}, words.copyLink),
  );
  const shareButton = h(
    'button',
    { type: 'button', class: 'action secondary', hidden: true },
    icon('share'),
    h('span', {}, words.share),
  );
  const retryButton = h(
    'button',
    { type: 'button', class: 'action', hidden: true },
    words.tryAgain,
  );
  const closeButton = h(
    'button',
    {
      type: 'button',
      class: 'icon-button dialog-close',
      'aria-label': words.close,
      title: words.close,
    },
    icon('close'),
  );
  const dialog = h(
    'div',
    {
      class: 'dialog',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'resume-link-title',
      tabindex: -1,
      lang: texts.language,
      dir: texts.dir,
    },
    closeButton,
    heading,
    status,
    link,
    h('div', { class: 'actions' }, copyButton, shareButton, retryButton),
  );
  const backdrop = h('div', { class: 'dialog-backdrop' }, dialog);

  let url = '';
  const create = async () => {
    retryButton.hidden = true;
    status.textContent = words.creatingLink;
    const saved = await saveResumeState(slug, state, options.fetch);
    if (!backdrop.isConnected) return;
    if (!saved) {
      status.textContent = words.linkNotCreated;
      retryButton.hidden = false;
      if (document.activeElement === dialog || !dialog.contains(document.activeElement))
        retryButton.focus();
      return;
    }
    url = resumeLink(location.origin, slug, saved.token);
    link.value = url;
    link.hidden = false;
    copyButton.hidden = false;
    shareButton.hidden = typeof nav.share !== 'function';
    status.textContent = words.resumeLinkIntro(RESUME_DAYS);
    if (document.activeElement === dialog || !dialog.contains(document.activeElement))
      copyButton.focus();
  };

  const close = () => {
    backdrop.remove();
    opener.focus();
  };
  copyButton.addEventListener('click', async () => {
    try {
      await nav.clipboard.writeText(url);
      status.textContent = words.linkCopied;
    } catch {
      link.focus();
      link.select();
    }
  });
  shareButton.addEventListener('click', async () => {
    const outcome = await shareLink(url, title, nav);
    if (outcome === 'copied') status.textContent = words.linkCopied;
  });
  retryButton.addEventListener('click', () => void create());
  closeButton.addEventListener('click', close);
  link.addEventListener('focus', () => link.select());
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) close();
  });
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      // Modal: Tab goes round the dialog's controls.
      const controls = [...dialog.querySelectorAll<HTMLElement>('button, input')].filter(
        (control) => !control.hidden,
      );
      const at = controls.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? at <= 0
          ? controls.length - 1
          : at - 1
        : (at + 1) % controls.length;
      event.preventDefault();
      controls[next]?.focus();
    }
  });
  // The player's own keys (K, M, F, T, E) stay out of the dialog.
  dialog.addEventListener('keydown', (event) => event.stopPropagation());

  host.append(backdrop);
  dialog.focus();
  void create();
  return { close };
}
