import type { BannerComponentType, WatchData } from '@plotline/core';
import type { Texts } from '../i18n/texts.ts';
import { h, iconButton, setIconButton } from './dom.ts';

export interface BannerContent {
  type: BannerComponentType;
  image: string | null;
  banner: WatchData['banner'];
}

/** A link that opens the banner's target in a new tab, without giving it this page. */
function targetLink(
  url: string,
  attributes: Record<string, string | number | boolean>,
  ...children: (Node | string)[]
) {
  return h('a', { href: url, target: '_blank', rel: 'noopener', ...attributes }, ...children);
}

/**
 * A banner component on screen: the project's banner image of its kind and its button (the
 * project's text and colours) linking to the target; vertical at the side, horizontal along the
 * bottom; closable.
 */
export class BannerView {
  readonly element: HTMLElement;
  private readonly unbind: () => void;

  constructor({ type, image, banner }: BannerContent, texts: Texts, close: () => void) {
    const url = banner.url.trim();
    const picture = image
      ? h('img', { src: image, alt: '', class: 'banner-image', decoding: 'async' })
      : null;
    let button: HTMLAnchorElement | null = null;
    if (url && banner.button_text.trim()) {
      // The project's words, in the language they were written in.
      button = targetLink(url, { class: 'banner-button', dir: 'auto' }, banner.button_text);
      // Through the style object: a colour that is not one is ignored, nothing else is written.
      button.style.backgroundColor = banner.button_color;
      button.style.color = banner.button_text_color;
    }
    const closer = iconButton('banner-close');
    closer.addEventListener('click', close);
    this.element = h(
      'aside',
      { class: `banner banner-${type}` },
      // The picture links too, for the pointer; the named button is the one link for the keyboard.
      picture &&
        (url
          ? targetLink(
              url,
              { tabindex: -1, 'aria-hidden': 'true', class: 'banner-picture' },
              picture,
            )
          : picture),
      button,
      closer,
    );
    this.unbind = texts.bind((words) => {
      this.element.setAttribute('aria-label', words.banner);
      setIconButton(closer, 'close', words.closeBanner);
    });
  }

  remove(): void {
    this.unbind();
    this.element.remove();
  }
}
