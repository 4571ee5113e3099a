import fastifySwagger, {
  type SwaggerTransform,
  type SwaggerTransformObject,
} from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The name a route's trailing wildcard is documented under. OpenAPI has no parameter spanning
 * several segments: a client that follows the document percent-encodes the slashes of the value,
 * and the router decodes them back.
 */
const WILDCARD_PARAM = 'key';

/** The spec's version segments (`v1.6`, `v1.5`) are part of its addresses, not of what a call does. */
const VERSION_SEGMENT = /^v\d+(\.\d+)*$/;

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, unique id from the method and the Fastify path, for clients generated from the
 * document: `POST /api/v1.6/auth/login` is `postAuthLogin`, `DELETE /api/movie-plot/:movieId/:id`
 * is `deleteMoviePlotByMovieIdById`. Unique because method and path are (the lint's
 * operation-operationId-unique rule and the document's test check it).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !VERSION_SEGMENT.test(segment))
    .flatMap((segment) => {
      if (segment === '*') return ['by', WILDCARD_PARAM];
      const param = segment.startsWith(':');
      const parts = segment.replace(/^:/, '').split(/[-_.]/);
      return param ? ['by', ...parts] : parts;
    });
  return method.toLowerCase() + words.map(capitalized).join('');
}

type ParamsJsonSchema = { properties?: Record<string, unknown>; required?: string[] };

/** A path's params schema with the wildcard's `*` renamed to WILDCARD_PARAM. */
function renameWildcard(params: ParamsJsonSchema): ParamsJsonSchema {
  const rename = (name: string) => (name === '*' ? WILDCARD_PARAM : name);
  return {
    ...params,
    properties:
      params.properties &&
      Object.fromEntries(
        Object.entries(params.properties).map(([name, value]) => [rename(name), value]),
      ),
    required: params.required?.map(rename),
  };
}

/** The zod provider's transform, plus an operationId and a named wildcard on every operation. */
const documentRoute: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const { method } = input.route;
  if (typeof method !== 'string') {
    throw new Error(`${url}: declare one method per route, so that each operation has one id`);
  }
  const operationId = operationIdOf(method, url);
  if (!url.endsWith('/*')) return { schema: { ...schema, operationId }, url };
  const params = schema.params as ParamsJsonSchema | undefined;
  return {
    schema: { ...schema, operationId, params: params && renameWildcard(params) },
    url: `${url.slice(0, -1)}:${WILDCARD_PARAM}`,
  };
};

/**
 * The zod provider writes an input and an output copy of every schema that has an id, and most are
 * used one way only: the copies nothing refers to are left out.
 */
const documentObject: SwaggerTransformObject = (input) => {
  // OpenAPI 3, as registerOpenApi asks for: its components hold the schemas.
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown) =>
    Array.from(
      JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g),
      (match) => match[1]!,
    );
  const used = new Set(
    refsIn({ ...document, components: { ...document.components, schemas: {} } }),
  );
  // A Set's iteration visits what is added during it: this follows references between schemas.
  for (const name of used) for (const ref of refsIn(schemas[name])) used.add(ref);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};

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
      // Relative: the document is served by the server it describes, whatever its address.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: ACCESS_TOKEN_HEADER },
        },
      },
    },
    transform: documentRoute,
    transformObject: documentObject,
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
