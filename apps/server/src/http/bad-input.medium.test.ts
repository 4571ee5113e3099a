import { ACCESS_TOKEN_HEADER, TUS_UPLOAD_PATH } from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFactories } from '../test/test-projects.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { NUL_REFUSED } from './nul-guard.ts';

/**
 * Every operation of the OpenAPI document, tried through real HTTP with a catalogue of bad inputs
 * in its path, query and body: no answer may be a 5xx, take longer than the per-request timeout,
 * or refuse without a `{ message }` the studio can show.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** A JSON text put in place of a value, for what `JSON.stringify` cannot write. */
type Raw = { raw: string };

interface Case {
  operation: string;
  label: string;
  method: string;
  path: string;
  body?: { text: string; type: string } | FormData;
  /** Sign in afresh for this request: the call ends the session it is made with. */
  ownSession?: boolean;
  /** A value the documented integer cannot be: a 2xx would mean it was coerced into one. */
  mustRefuse?: boolean;
}

const REQUEST_TIMEOUT_MS = 15_000;
const MAINTENANCE_SWITCH = 'PUT /api/maintenance';
const BATCH = 4;
const SRT = '1\n00:00:00,000 --> 00:00:01,000\nHello\n';
const DEPTH = 5_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const PROTO = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';

/** Values a path segment or a query parameter is tried with, as they go into the URL. */
const TEXT_VALUES: [string, string][] = [
  ['2^31', '2147483648'],
  ['2^53', '9007199254740992'],
  ['1e308', '1e308'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['0', '0'],
  ['text', 'abc'],
  ['true', 'true'],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['RTL override', '%E2%80%AEabc'],
  ['overlong UTF-8', '%C0%80'],
  ['bad escape', '%'],
  ['emoji', '%F0%9F%92%A9'],
  ['5,000 characters', 'x'.repeat(5000)],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
];

/** Values a body field is tried with. */
const BODY_VALUES: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['"42"', '42'],
  ['empty text', ''],
  ['2^31', 2 ** 31],
  ['2^53', 2 ** 53],
  ['-2^31 - 1', -(2 ** 31) - 1],
  ['1e308', 1e308],
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['null', null],
  ['NUL', 'a\u0000b'],
  ['RTL override', '\u202Eabc\u202C'],
  ['100,000 characters', 'x'.repeat(100_000)],
  ['array', []],
  ['object', {}],
  ['array of text', ['a\u0000b']],
  ['deep array', { raw: deepArray } satisfies Raw],
  ['deep object', { raw: deepObject } satisfies Raw],
  ['__proto__ keys', { raw: PROTO } satisfies Raw],
];

/** What an integer in a path or query string is not, within the int4 columns' range. */
const NOT_AN_INTEGER_TEXT = new Set(['2^31', '2^53', '1e308', '-1', '1.5', '0', 'text', 'true']);
/** What an integer in a JSON body is not. */
const NOT_AN_INTEGER = new Set([
  'true',
  'false',
  '"42"',
  'empty text',
  '2^31',
  '2^53',
  '-2^31 - 1',
  '1e308',
  '1.5',
  'NUL',
  'array',
  'object',
]);

/** Whole bodies, as JSON text. */
const WHOLE_BODIES: [string, string][] = [
  ['null', 'null'],
  ['array', '[]'],
  ['text', '"text"'],
  ['number', '42'],
  ['empty object', '{}'],
  ['malformed', '{"a":'],
  ['deep array', deepArray],
  ['deep object', deepObject],
  ['__proto__ keys', PROTO],
  ['NUL key', '{"a\\u0000b":1}'],
];

let server: TestServer;
let document: Document;
let cases: Case[];
let credentials: { email: string; password: string };
let token: string;
/** A clip of the fixture's project. */
let itemId: number;
let forwardedFor = 0;

/** A new client address for every request, so per-address rate limits never hide validation. */
function nextAddress(): string {
  forwardedFor += 1;
  return `10.${(forwardedFor >> 16) & 255}.${(forwardedFor >> 8) & 255}.${forwardedFor & 255}`;
}

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (current.$ref) {
    const name = current.$ref.split('/').at(-1)!;
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** An integer, or an integer or null. */
function isInteger(schema: Schema | undefined): boolean {
  const resolved = resolve(schema);
  const options = (resolved.anyOf ?? []).filter((option) => typeOf(resolve(option)) !== 'null');
  return typeOf(resolved) === 'integer' || (options.length === 1 && isInteger(options[0]));
}

/** Every property a body may carry, from all the options of a union. */
function propertiesOf(schema: Schema): Record<string, Schema> {
  const resolved = resolve(schema);
  const options = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf ?? [];
  return Object.assign(
    {},
    ...options.map((option) => propertiesOf(option)),
    resolved.properties ?? {},
  ) as Record<string, Schema>;
}

describe('bad input, over every operation of the OpenAPI document', () => {
  beforeAll(async () => {
    server = await startTestServer();
    const make = await projectFactories(server);
    const king = await server.makeUser({ role: 'king', companyType: 'company' });
    credentials = king;
    token = await server.signIn(king);
    const story = await make.makeStory(token, 'bad-input-story');
    itemId = story.items.left;
    const seriesId = await make.makeSeries(token);
    const colleague = await server.makeUser({ role: 'contributor', companyId: king.companyId! });
    const staff = await server.makeUser({ role: 'internal', companyType: null });
    const otherCompany = await server.makeCompany();
    await make.cleanUp();

    const docs = await fetch(`${server.baseUrl}/api/docs/json`);
    document = (await docs.json()) as Document;

    /** A real value for a field or parameter, by name, so only the value under test is wrong. */
    const known: Record<string, unknown> = {
      movieId: story.movieId,
      movie_id: story.movieId,
      movieIdParent: seriesId,
      seriesId,
      movieContentId: story.items.left,
      movie_content_id: story.items.left,
      id: story.items.left,
      movie_plot_id: story.nodes.left,
      node_id: story.nodes.opening,
      option_id: story.nodes.left,
      languageId: 1,
      language_id: 1,
      primaryLanguageId: 1,
      user_id: king.id,
      companyId: king.companyId,
      version: 0,
      episodeNumber: 1,
      page: 1,
      perPage: 10,
      slug: 'bad-input-story',
      kind: 'horizontal',
      bannerKind: 'horizontal',
      '*': story.banner.location.replace(/^\/api\/media\//, ''),
      email: 'nobody@example.com',
      username: 'nobody@example.com',
    };
    /** `{id}` of the account calls: someone else than the caller, so a change cannot lock it out. */
    const idOfPath = (path: string) =>
      path.startsWith('/api/user/')
        ? colleague.id
        : path.startsWith('/api/internal-user/')
          ? staff.id
          : path.startsWith('/api/company/')
            ? otherCompany
            : path.startsWith('/api/movie-plot/')
              ? story.nodes.bridge
              : known.id;

    const sample = (schema: Schema | undefined, name: string): unknown => {
      const resolved = resolve(schema);
      if (name in known && typeOf(resolved) !== 'object' && typeOf(resolved) !== 'array') {
        return known[name];
      }
      if ('const' in resolved) return resolved.const;
      if (resolved.enum) return resolved.enum[0];
      const options = resolved.anyOf ?? resolved.oneOf;
      if (options) {
        const option = options.find((candidate) => typeOf(resolve(candidate)) !== 'null');
        return sample(option ?? options[0], name);
      }
      if (resolved.default !== undefined) return resolved.default;
      switch (typeOf(resolved)) {
        case 'integer':
        case 'number':
          return Math.max(resolved.minimum ?? 1, 1);
        case 'boolean':
          return true;
        case 'array':
          return resolved.items ? [sample(resolved.items, name)] : [];
        case 'object': {
          const properties = resolved.properties ?? {};
          return Object.fromEntries(
            (resolved.required ?? []).map((field) => [field, sample(properties[field], field)]),
          );
        }
        case 'string':
          return resolved.pattern?.includes('#') ? '#112233' : 'Some text';
        default:
          return 'Some text';
      }
    };

    cases = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${template}`;
        const parameters = operation.parameters ?? [];
        const pathValue = (param: string) =>
          encodeURIComponent(String(param === 'id' ? idOfPath(template) : known[param]));
        const fill = (override: Record<string, string> = {}) =>
          template.replace(
            /\{([^}]+)\}/g,
            (_, param: string) => override[param] ?? pathValue(param),
          );
        const validPath = fill();
        const ownSession = template.endsWith('/logout');
        const add = (label: string, path: string, body?: Case['body'], mustRefuse = false) =>
          cases.push({
            operation: name,
            label,
            method: method.toUpperCase(),
            path,
            body,
            ownSession,
            mustRefuse,
          });

        for (const param of parameters.filter((p) => p.in === 'path')) {
          for (const [label, value] of TEXT_VALUES) {
            add(
              `path ${param.name} = ${label}`,
              fill({ [param.name]: value }),
              undefined,
              isInteger(param.schema) && NOT_AN_INTEGER_TEXT.has(label),
            );
          }
        }
        // A call that deletes is tried with bad paths only: its valid path would delete the fixture.
        if (method === 'delete') continue;

        const query = parameters.filter((p) => p.in === 'query');
        const validQuery = new URLSearchParams(
          query
            .filter((p) => p.name in known)
            .map((p): [string, string] => [p.name, String(sample(p.schema, p.name))]),
        ).toString();
        for (const param of query) {
          const others = validQuery
            .split('&')
            .filter((pair) => pair && !pair.startsWith(`${param.name}=`));
          for (const [label, value] of TEXT_VALUES) {
            add(
              `query ${param.name} = ${label}`,
              `${validPath}?${[...others, `${param.name}=${value}`].join('&')}`,
              undefined,
              isInteger(param.schema) && NOT_AN_INTEGER_TEXT.has(label),
            );
          }
          add(`query ${param.name} twice`, `${validPath}?${param.name}=1&${param.name}=2`);
        }
        add('unknown query keys', `${validPath}?__proto__=1&constructor=2&a%00b=3`);

        if (method === 'get') continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        for (const [label, text] of WHOLE_BODIES) {
          add(`body ${label}`, validPath, { text, type: 'application/json' });
        }
        add('body as plain text with NUL', validPath, { text: 'a\u0000b', type: 'text/plain' });
        if (template.includes('/upload/')) {
          for (const [field, value, label] of multipartVariants()) {
            const form = new FormData();
            form.append(field, value);
            if (field !== 'movieId') form.append('movieId', String(story.movieId));
            form.append('uploads', new Blob(['not really a file']), 'file.mp4');
            add(`multipart ${field} = ${label}`, validPath, form);
          }
          const named = new FormData();
          named.append('movieId', String(story.movieId));
          named.append('uploads', new Blob(['not really a file']), 'a\u0000b.mp4');
          add('multipart file name with NUL', validPath, named);
        }
        if (!schema) continue;

        const baseline = sample(schema, '') as Record<string, unknown>;
        const bodyWith = (field: string, value: unknown, parent: string[] = []) => {
          const body = structuredClone(baseline);
          let target: Record<string, unknown> = body;
          for (const key of parent) target = target[key] as Record<string, unknown>;
          const raw = (value as Raw | null)?.raw;
          target[field] = raw === undefined ? value : '\u0001raw\u0001';
          const text = JSON.stringify(body);
          return raw === undefined ? text : text.replace('"\\u0001raw\\u0001"', raw);
        };
        const fields: [string[], string, Schema][] = [];
        for (const [field, fieldSchema] of Object.entries(propertiesOf(schema))) {
          fields.push([[], field, fieldSchema]);
          // One level down, as in the view events' `events[0].node_id` or a plot's nodes.
          const items = resolve(resolve(fieldSchema).items);
          const value = baseline[field];
          if (Array.isArray(value) && value.length > 0 && items.properties) {
            for (const [inner, innerSchema] of Object.entries(items.properties)) {
              fields.push([[field, '0'], inner, innerSchema]);
            }
          }
        }
        for (const [parent, field, fieldSchema] of fields) {
          const at = [...parent, field].join('.');
          for (const [label, value] of BODY_VALUES) {
            add(
              `body ${at} = ${label}`,
              validPath,
              { text: bodyWith(field, value, parent), type: 'application/json' },
              isInteger(fieldSchema) && NOT_AN_INTEGER.has(label),
            );
          }
        }
        for (const field of resolve(schema).required ?? []) {
          const body = structuredClone(baseline);
          delete body[field];
          add(`body without ${field}`, validPath, {
            text: JSON.stringify(body),
            type: 'application/json',
          });
        }
      }
    }

    // The maintenance switch's cases go last: once one switches it on, the public writes answer 503.
    cases.sort(
      (a, b) =>
        Number(a.operation === MAINTENANCE_SWITCH) - Number(b.operation === MAINTENANCE_SWITCH),
    );

    function multipartVariants(): [string, string, string][] {
      const fields = ['movieId', 'type', 'view_mode', 'movie_content_id', 'language_id', 'mediaId'];
      const values: [string, string][] = [
        ['2^31', '2147483648'],
        ['2^53', '9007199254740992'],
        ['-1', '-1'],
        ['1.5', '1.5'],
        ['true', 'true'],
        ['hex', '0x10'],
        ['NUL', 'a\u0000b'],
        ['RTL override', '\u202Eabc'],
        ['5,000 characters', 'x'.repeat(5000)],
      ];
      return fields.flatMap((field) =>
        values.map(([label, value]): [string, string, string] => [field, value, label]),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  async function send(
    entry: Case,
    caller: string,
  ): Promise<{ status: number; message: unknown } | 'timeout'> {
    const headers: Record<string, string> = {
      [ACCESS_TOKEN_HEADER]: caller,
      'x-forwarded-for': nextAddress(),
    };
    if (entry.body && !(entry.body instanceof FormData)) headers['content-type'] = entry.body.type;
    try {
      const response = await fetch(server.baseUrl + entry.path, {
        method: entry.method,
        headers,
        body: entry.body instanceof FormData ? entry.body : entry.body?.text,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let message: unknown;
      try {
        message = (JSON.parse(text) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      return { status: response.status, message };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return 'timeout';
      throw error;
    }
  }

  /** A session of the fixture's caller, signed in from an address of its own. */
  async function signIn(): Promise<string> {
    const response = await fetch(`${server.baseUrl}/api/v1.6/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({ username: credentials.email, password: credentials.password }),
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  }

  it('answers every bad request with a 2xx or a 4xx carrying a message, in time', async () => {
    // Sessions for the calls that end theirs, signed in up front and side by side.
    const sessions = await Promise.all(cases.filter((entry) => entry.ownSession).map(signIn));
    const failures: string[] = [];
    const check = async (entry: Case) => {
      const answer = await send(entry, entry.ownSession ? sessions.pop()! : token);
      const where = `${entry.operation} with ${entry.label}`;
      if (answer === 'timeout') failures.push(`${where}: no answer in ${REQUEST_TIMEOUT_MS} ms`);
      else if (answer.status >= 500) failures.push(`${where}: ${answer.status}`);
      else if (entry.mustRefuse && answer.status < 400) {
        failures.push(`${where}: ${answer.status}, taken for an integer`);
      } else if (answer.status >= 400 && typeof answer.message !== 'string') {
        failures.push(`${where}: ${answer.status} without a message`);
      }
    };
    // A few at a time: password hashing runs off the main thread while other requests are served.
    for (let start = 0; start < cases.length; start += BATCH) {
      await Promise.all(cases.slice(start, start + BATCH).map(check));
    }
    expect(failures).toEqual([]);
    // The session survived the run: no bad request changed the caller's account.
    const me = await fetch(`${server.baseUrl}/api/user/me`, {
      headers: { [ACCESS_TOKEN_HEADER]: token },
    });
    expect(me.status).toBe(200);
  }, 300_000);

  it('refuses a NUL byte in an uploaded file name, which would be stored', async () => {
    const form = new FormData();
    form.append('movie_content_id', String(itemId));
    form.append('language_id', '1');
    form.append('uploads', new Blob([SRT]), 'sub\u0000title.srt');
    const answer = await send(
      {
        operation: 'subtitle',
        label: 'NUL file name',
        method: 'POST',
        path: '/api/upload/subtitle',
        body: form,
      },
      token,
    );
    expect(answer).toEqual({ status: 400, message: `filename.0: ${NUL_REFUSED}` });
  });

  it('refuses a NUL byte in the metadata of a resumable upload', async () => {
    const encode = (text: string) => Buffer.from(text).toString('base64');
    const response = await fetch(`${server.baseUrl}${TUS_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        [ACCESS_TOKEN_HEADER]: token,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${encode('clip\u0000.mp4')},type ${encode('1')}`,
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: `metadata.filename: ${NUL_REFUSED}` });
  });

  it('tried every operation of the document', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(50);
    const tried = new Set(cases.map((entry) => entry.operation));
    expect(operations.filter((operation) => !tried.has(operation))).toEqual([]);
  });
});
