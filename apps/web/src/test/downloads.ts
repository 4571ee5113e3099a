import { onTestFinished, vi } from 'vitest';

/**
 * Object URLs and downloads are stood in for (every object URL is `url`) and put back after the
 * test. Answers the spy of the links' clicks: the link `saveFile` made is its call's `this`
 * (`click.mock.contexts[0]`).
 */
export function catchDownloads(url: string) {
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn(() => url);
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click.mockRestore();
  });
  return click;
}
