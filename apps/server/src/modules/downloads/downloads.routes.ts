import {
  DOWNLOAD_TICKET_PATH,
  DOWNLOAD_TICKET_SECONDS,
  downloadTicketRequestSchema,
  downloadTicketSchema,
  type DownloadKind,
} from '@plotline/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../access/caller.ts';
import { callerOf, publicAccess, requireRight } from '../../http/access.ts';
import { envelope, errors } from '../../http/schemas.ts';
import { DOWNLOAD_RIGHTS, type DownloadsService } from './downloads.service.ts';

/** Answers one kind of file for a caller, as that file's own route does (checks included). */
export type SendDownload = (
  caller: AuthContext,
  entityId: number,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply>;

const fileReply = (description: string) =>
  // fastify-swagger takes a response's `content` as it stands.
  z.unknown().meta({
    description,
    content: {
      'application/zip': { schema: { type: 'string', format: 'binary' } },
      'video/mp4': { schema: { type: 'string', format: 'binary' } },
    },
  });

/**
 * Download tickets: `POST /api/downloads` with the session, then `GET /api/downloads/file?ticket=`
 * without it, which the browser opens itself and saves as any download (core `downloads.ts`).
 */
export function registerDownloadsRoutes(
  app: FastifyInstance,
  downloads: DownloadsService,
  send: Record<DownloadKind, SendDownload>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/downloads',
    {
      config: { access: requireRight(...DOWNLOAD_RIGHTS) },
      schema: {
        tags: ['projects'],
        summary: 'A single-use link to download a file without the session',
        description: `For whoever may download the file now, checked as its own route checks it (404 for a project or cut the caller does not reach, 409 for a cut not ready). Answers the address of the file (GET ${DOWNLOAD_TICKET_PATH}?ticket=…), which works once, within ${DOWNLOAD_TICKET_SECONDS} s, with no session header: for a browser to save the file as its own download. Nothing of the project changes.`,
        body: downloadTicketRequestSchema,
        response: { 201: envelope(downloadTicketSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const ticket = await downloads.createTicket(callerOf(request), request.body);
      return reply.status(201).send({ data: ticket });
    },
  );

  routes.get(
    DOWNLOAD_TICKET_PATH,
    {
      config: { access: publicAccess },
      // A HEAD (a link preview, a scanner) would spend the ticket before the browser's GET.
      exposeHeadRoute: false,
      schema: {
        tags: ['projects'],
        summary: 'The file of a download ticket, once',
        description: `The ticket is spent by this request whatever follows: unknown, used or expired (${DOWNLOAD_TICKET_SECONDS} s) is a 404. Its user must still be active, of an active company, and hold the download's rights (403 otherwise), and the file is checked as its own route checks it (404, 409). Then the file as that route answers it: an attachment, a linear cut with Range (206, 416).`,
        querystring: z.strictObject({
          ticket: z.string().max(100).describe('The token of the address POST /api/downloads gave'),
        }),
        response: {
          200: fileReply('The whole file'),
          206: fileReply('The asked range of a linear cut'),
          ...errors(400, 403, 404, 409),
          416: z.undefined().describe('The range lies beyond the file'),
        },
      },
    },
    async (request, reply) => {
      const { caller, kind, entityId } = await downloads.redeem(request.query.ticket);
      return send[kind](caller, entityId, request, reply);
    },
  );
}
