import { MESSAGES } from '@plotline/core';

/**
 * The forgot-password reply carries a message code (spec §4) that the page shows as a success text
 * (§8). Any other message is shown as the server wrote it.
 */
export function resetLinkNotice(message: string | undefined): string {
  return message === undefined || message === MESSAGES.resetLinkSentCode
    ? MESSAGES.resetLinkSent
    : message;
}
