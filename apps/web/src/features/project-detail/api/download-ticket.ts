import { downloadTicketSchema, type DownloadTicketRequest } from '@plotline/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadFrom } from '../../../lib/download-file.ts';

/**
 * `POST /api/downloads`: a single-use address of the file (the server checks the rights as the
 * file's own route does), which the browser then fetches and saves itself.
 */
export async function downloadWithTicket(request: DownloadTicketRequest) {
  const ticket = await apiRequest('/api/downloads', {
    method: 'POST',
    body: request,
    schema: downloadTicketSchema,
  });
  downloadFrom(ticket.url);
}
