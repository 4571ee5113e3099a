/**
 * Single-use download links: the studio asks for a ticket with its session, then lets the browser
 * fetch `?ticket=` itself, so a large file is saved natively instead of being held in memory.
 */
export const DOWNLOAD_KINDS = ['story-archive', 'linear-cut'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** How long a download ticket may be redeemed after it is made. */
export const DOWNLOAD_TICKET_SECONDS = 60;

/** A ticket's token: 32 random bytes in base64url. */
export const DOWNLOAD_TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Where a ticket is redeemed: `${DOWNLOAD_TICKET_PATH}?ticket=<token>`. */
export const DOWNLOAD_TICKET_PATH = '/api/downloads/file';

export const DOWNLOAD_MESSAGES = {
  /** Unknown, used and expired tickets alike: which one it was is nobody's business. */
  ticketNotFound: 'This download link is unknown, used or expired: start the download again.',
} as const;
