import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { operationIdOf } from './openapi.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
  const response = await server.request<OpenApiDocument>('GET', '/api/docs/json');
  expect(response.status).toBe(200);
  document = response.body;
});
afterAll(() => server?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** A documented JSON request body's validator, as a client generated from the document has it. */
function requestBodyValidator(path: string) {
  // strict off: OpenAPI 3.0 schemas carry keywords of their own (`example`, `xml`, …).
  const ajv = new Ajv({ strict: false });
  ajv.addSchema(document, 'openapi.json');
  const pointer = `/paths/${path.replaceAll('/', '~1')}/post/requestBody/content/application~1json/schema`;
  const validate = ajv.getSchema(`openapi.json#${pointer}`);
  if (!validate) throw new Error(`no JSON request body documented for POST ${path}`);
  return validate;
}

describe('the OpenAPI document', () => {
  it.each([
    ['/api/v1.6/auth/login', { password: 'secret', remember: true }, 'username'],
    ['/api/user/register', { username: 'Ann Lee', password: 'Long enough 1!' }, 'email'],
  ])('documents a request body of POST %s that takes lowercase addresses', (path, rest, field) => {
    const validate = requestBodyValidator(path);
    for (const address of ['ann@studio.com', 'Ann.Lee@Studio.COM', 'ANN@STUDIO.IO']) {
      expect(validate({ ...rest, [field]: address }), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(validate({ ...rest, [field]: 'ann@studio' })).toBe(false);
  });

  it('names every operation with an id of its own', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says what each operation needs: nothing for a public call, the access token for the others', () => {
    const securityOf = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(securityOf('/api/v1.6/auth/login', 'post')).toEqual([]);
    expect(securityOf('/api/watch/{slug}', 'get')).toEqual([]);
    expect(securityOf('/api/user/me', 'get')).toEqual([{ accessToken: [] }]);
    expect(operations().filter(({ operation }) => !operation.security)).toEqual([]);
  });

  it('documents the media files under a named key', () => {
    const media = document.paths['/api/media/{key}']?.get;
    expect(media?.operationId).toBe('getMediaByKey');
    expect(media?.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'key' })]);
    expect(Object.keys(document.paths).filter((path) => path.includes('*'))).toEqual([]);
  });
});

describe('operationIdOf', () => {
  it.each([
    ['POST', '/api/v1.6/auth/login', 'postAuthLogin'],
    ['POST', '/api/user/forgot_password', 'postUserForgotPassword'],
    ['POST', '/api/upload/thumbnailMobile', 'postUploadThumbnailMobile'],
    ['DELETE', '/api/movie-plot/:movieId/:id', 'deleteMoviePlotByMovieIdById'],
    ['GET', '/api/media/*', 'getMediaByKey'],
  ])('names %s %s %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});
