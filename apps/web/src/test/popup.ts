/**
 * A real window of this origin to stand for a provider's sign-in popup: the studio trusts a message
 * only when its source is the window it opened. A frame has one without loading a page
 * (vitest.config.ts); it is removed with the others after each test (setup.ts).
 */
export function fakePopup(): Window {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  return frame.contentWindow!;
}
