import {
  identityProviderKindSchema,
  OIDC_MESSAGE_TYPE,
  oidcErrorCodeSchema,
  type OidcPopupMessage,
} from '@plotline/core';
import { z } from 'zod';

const popupMessageSchema = z.union([
  z.object({ type: z.literal(OIDC_MESSAGE_TYPE), handoff: z.string().min(1) }),
  z.object({ type: z.literal(OIDC_MESSAGE_TYPE), linked: identityProviderKindSchema }),
  z.object({ type: z.literal(OIDC_MESSAGE_TYPE), error: oidcErrorCodeSchema }),
]);

const CLOSED_CHECK_MS = 400;

/**
 * Waits for the result page in `popup` to post its result. Only a message from this studio's
 * origin and from that very window counts: any page may post to this one. Resolves null when the
 * popup was closed without a result, or the wait aborted (the popup is then closed too).
 */
export function watchPopup(popup: Window, signal: AbortSignal): Promise<OidcPopupMessage | null> {
  return new Promise((resolve) => {
    let closedSeen = false;
    const finish = (result: OidcPopupMessage | null) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const message = popupMessageSchema.safeParse(event.data);
      if (message.success) finish(message.data);
    };
    // The result page posts, then closes itself: a popup seen closed gets one more round for
    // its message to arrive before it counts as closed by the user.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      if (closedSeen) finish(null);
      closedSeen = true;
    }, CLOSED_CHECK_MS);
    const onAbort = () => {
      popup.close();
      finish(null);
    };
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
  });
}
