/**
 * Single-use download links: the studio asks for a ticket with its session, then lets the browser
 * fetch `?ticket=` itself, so a large file is saved natively instead of being held in memory.
 */
export const DOWNLOAD_KINDS = ['story-archive', 'linear-cut'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** How long a download ticket may be redeemed after it is made. */
export const DOWNLOAD_TICKET_SECONDS = 60;
