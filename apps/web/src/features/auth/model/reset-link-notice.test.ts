import { MESSAGES } from '@plotline/core';
import { describe, expect, it } from 'vitest';
import { resetLinkNotice } from './reset-link-notice.ts';

describe('resetLinkNotice', () => {
  it('turns the sent code into its text', () => {
    expect(resetLinkNotice('LINK.PASSWORD_RESET.SENT')).toBe(MESSAGES.resetLinkSent);
  });

  it('shows any other message as the server wrote it, and the sent text when there is none', () => {
    expect(resetLinkNotice('Mail is paused')).toBe('Mail is paused');
    expect(resetLinkNotice(undefined)).toBe(MESSAGES.resetLinkSent);
  });
});
