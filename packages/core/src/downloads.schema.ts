import { z } from 'zod';
import { DOWNLOAD_TICKET_SECONDS } from './downloads.ts';
import { idSchema } from './ids.schema.ts';

/** `POST /api/downloads`: the file a ticket is asked for. */
export const downloadTicketRequestSchema = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('story-archive'), movie_id: idSchema })
    .describe('The project as a story archive, as GET /api/movie/{movieId}/export answers it'),
  z
    .strictObject({ kind: z.literal('linear-cut'), movie_id: idSchema, linear_cut_id: idSchema })
    .describe(
      "A ready linear cut's MP4, as GET /api/movie/{movieId}/linear-cuts/{id}/file answers it",
    ),
]);
export type DownloadTicketRequest = z.infer<typeof downloadTicketRequestSchema>;

export const downloadTicketSchema = z.object({
  url: z
    .string()
    .describe(
      `The download's address on this server, to open without the session's header; it works once, within ${DOWNLOAD_TICKET_SECONDS} s`,
    ),
  expires_at: z.string(),
});
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;
