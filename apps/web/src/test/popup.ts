/**
 * A real window of this origin to stand for a provider's sign-in popup: the studio trusts a message
 * only when its source is the window it opened. The frame's document is written in place
 * (`srcdoc`), so no test environment fetches a page for it; it is removed with the others after
 * each test (setup.ts).
 */
export function fakePopup(): Window {
  const frame = document.createElement('iframe');
  frame.srcdoc = '';
  document.body.append(frame);
  return frame.contentWindow!;
}
