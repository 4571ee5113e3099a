import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document, built from the routes' zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Plotline API',
        description:
          'Studio and back-office API of Plotline. Replies are `{ data }`, errors `{ message }`. ' +
          `Signed-in calls send the token from sign-in in the \`${ACCESS_TOKEN_HEADER}\` header.`,
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: ACCESS_TOKEN_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy, with hashes of its inline scripts, minus two things: the HTTPS upgrade,
    // which would break it on plain-HTTP localhost, and style hashes, since the UI also sets inline
    // styles at run time (a hash beside 'unsafe-inline' would switch 'unsafe-inline' off).
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });
}
