import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdentityProviderKind } from '@plotline/core';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * Who signs in at a test issuer: the claims its ID tokens carry besides `sub`, which is the login
 * name typed at its sign-in page (the provider's account id).
 */
export interface IssuerAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Microsoft's "email domain owner verified" claim, which stands in for `email_verified` there. */
  xms_edov?: boolean;
}

export interface TestIssuer {
  kind: IdentityProviderKind;
  /** The issuer URL (`iss`), where discovery starts. */
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /**
   * The accounts by login name, as the test decides them. A login name not in the map signs in
   * as the account `accountFromLogin` reads from it.
   */
  accounts: Map<string, IssuerAccount>;
  /** How long the ID tokens it issues from now on last, in seconds. */
  idTokenSeconds: number;
  /**
   * Claims the token endpoint puts over those of the ID token it issues, re-signed with the
   * issuer's own key: a provider gone wrong (another audience, a token already expired).
   */
  idTokenOverrides: Record<string, unknown> | null;
  close(): Promise<void>;
}

const KEY_ID = 'test-issuer-key';

/** The Microsoft tenant the test issuer names in its `tid` claim. */
export const TEST_TENANT_ID = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * An account read from a login name typed at the issuer's sign-in page, so that a browser journey
 * chooses who signs in by typing: `email`, `email|name`, and `|unverified` anywhere after the
 * email refuses to vouch for it.
 */
export function accountFromLogin(login: string): IssuerAccount {
  const [email = '', ...rest] = login.split('|').map((part) => part.trim());
  const unverified = rest.includes('unverified');
  const name = rest.find((part) => part !== 'unverified');
  return {
    email,
    email_verified: !unverified,
    ...(name ? { name } : {}),
  };
}

/**
 * A real OpenID Connect provider (panva's certified `oidc-provider`) on 127.0.0.1, standing in for
 * one kind of identity provider: one client registered with the caller's redirect URI, PKCE
 * required, its own signing key, and its development sign-in and consent pages (any password).
 * The ID token carries the account's claims, as Google's and Microsoft's do; the Microsoft stand-in
 * adds `tid` and `xms_edov` as Entra ID does.
 */
export async function startTestIssuer(options: {
  kind: IdentityProviderKind;
  redirectUri: string;
  /** 0 (the default) takes any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestIssuer> {
  const { kind } = options;
  const clientId = options.clientId ?? `${kind}-client`;
  const clientSecret = options.clientSecret ?? `${kind}-secret-that-is-long-enough`;
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const issuer: TestIssuer = {
    kind,
    url,
    port,
    clientId,
    clientSecret,
    accounts: new Map(),
    idTokenSeconds: 600,
    idTokenOverrides: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const claimsOf = (login: string) => {
    const account = issuer.accounts.get(login) ?? accountFromLogin(login);
    return { sub: login, ...(kind === 'microsoft' ? { tid: TEST_TENANT_ID } : {}), ...account };
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => claimsOf(id),
    }),
    claims: {
      openid: ['sub', 'tid', 'xms_edov'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // Google and Entra put the scopes' claims in the ID token itself; so must the stand-ins.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: () => issuer.idTokenSeconds,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    cookies: { keys: [`${kind}-cookie-key-${port}`] },
    features: { devInteractions: { enabled: true } },
  };
  const provider = new Provider(url, configuration);
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!issuer.idTokenOverrides || ctx.path !== '/token' || !body?.id_token) return;
    ctx.body = {
      ...body,
      id_token: await new SignJWT({ ...decodeJwt(body.id_token), ...issuer.idTokenOverrides })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .sign(privateKey),
    };
  });
  server.on('request', provider.callback());
  return issuer;
}

/** The three kinds' issuers, each on its own port (0: any free one). */
export async function startTestIssuers(options: {
  redirectUri: (kind: IdentityProviderKind) => string;
  ports?: Partial<Record<IdentityProviderKind, number>>;
}): Promise<Record<IdentityProviderKind, TestIssuer>> {
  const start = (kind: IdentityProviderKind) =>
    startTestIssuer({ kind, redirectUri: options.redirectUri(kind), port: options.ports?.[kind] });
  const [google, microsoft, generic] = await Promise.all([
    start('google'),
    start('microsoft'),
    start('generic'),
  ]);
  return { google, microsoft, generic };
}

/**
 * A browser's cookies for the API tests: per host and port (a browser shares them across ports,
 * but the issuers' and the studio's cookie names never meet), ignoring paths.
 */
export class CookieJar {
  readonly #cookies = new Map<string, Map<string, string>>();

  store(url: string, response: Response): void {
    const { host } = new URL(url);
    const cookies = this.#cookies.get(host) ?? new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.#cookies.set(host, cookies);
  }

  /** The Cookie header for a URL, or undefined when there is none. */
  header(url: string): string | undefined {
    const cookies = this.#cookies.get(new URL(url).host);
    if (!cookies || cookies.size === 0) return undefined;
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string, name: string): string | undefined {
    return this.#cookies.get(new URL(url).host)?.get(name);
  }
}

/** Fetches without following redirects, sending and keeping the jar's cookies. */
export async function fetchWithJar(
  jar: CookieJar,
  url: string,
  init: RequestInit = {},
): Promise<Response> {
  const cookie = jar.header(url);
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
  });
  jar.store(url, response);
  return response;
}

/**
 * Walks a test issuer's sign-in as a browser would, without one: from the authorization URL through
 * its sign-in page (the login name decides the account, see `accountFromLogin`) and its consent
 * page, following redirects, until the issuer sends the browser to the redirect URI. Answers that
 * callback URL, not followed. `cancel` presses the pages' "cancel" instead of signing in.
 */
export async function signInAtIssuer(
  authorizationUrl: string,
  login: string,
  options: { jar?: CookieJar; cancel?: boolean } = {},
): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  for (let hops = 0; hops < 20; hops++) {
    const response = await fetchWithJar(jar, url);
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.origin !== issuerOrigin) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) {
      throw new Error(`the issuer answered ${response.status} at ${url}: ${page.slice(0, 500)}`);
    }
    const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`no sign-in or consent form at ${url}`);
    if (options.cancel) {
      url = new URL(`${new URL(url).pathname}/abort`, issuerOrigin).href;
      continue;
    }
    const submitted = await fetchWithJar(jar, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt },
      ).toString(),
    });
    if (submitted.status < 300 || submitted.status >= 400) {
      throw new Error(`the issuer answered ${submitted.status} to the ${prompt} form at ${url}`);
    }
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('the issuer sign-in did not reach the redirect URI in 20 steps');
}

/** Where a sign-in through the studio's API ended, and what it went through. */
export interface ProviderSignIn {
  /** The studio's result page the API sent the browser to: `?handoff=` or `?error=`. */
  result: URL;
  /** The provider's redirect to the studio's callback, when the sign-in got that far. */
  callbackUrl: URL | null;
  jar: CookieJar;
}

/**
 * A whole provider sign-in through a running API, as a browser without script would make it: the
 * API's start (its cookie kept in the jar), the issuer's pages, then the API's callback reached at
 * `baseUrl` (the provider sends the browser to PUBLIC_URL, which the tests do not serve).
 * `alterAuthorization` changes the provider's URL before it is followed (an attacker's edit).
 */
export async function signInThroughApi(options: {
  baseUrl: string;
  kind: IdentityProviderKind;
  login: string;
  /** The start's query string, without `?`. */
  query?: string;
  jar?: CookieJar;
  headers?: Record<string, string>;
  alterAuthorization?: (url: URL) => void;
  cancel?: boolean;
}): Promise<ProviderSignIn> {
  const jar = options.jar ?? new CookieJar();
  const start = `${options.baseUrl}/api/auth/oidc/${options.kind}/start?${options.query ?? ''}`;
  const started = await fetchWithJar(jar, start, { headers: options.headers ?? {} });
  if (started.status !== 302) {
    throw new Error(`the start answered ${started.status}: ${await started.text()}`);
  }
  const authorization = new URL(started.headers.get('location')!, start);
  if (authorization.origin === new URL(options.baseUrl).origin) {
    return { result: authorization, callbackUrl: null, jar };
  }
  options.alterAuthorization?.(authorization);
  const callbackUrl = await signInAtIssuer(authorization.href, options.login, {
    jar,
    cancel: options.cancel,
  });
  const result = await callbackAtApi(options.baseUrl, callbackUrl, jar, options.headers);
  return { result, callbackUrl, jar };
}

/** Sends the provider's redirect to the API's callback at `baseUrl`; answers the result page. */
export async function callbackAtApi(
  baseUrl: string,
  callbackUrl: URL,
  jar: CookieJar,
  headers: Record<string, string> = {},
): Promise<URL> {
  const url = `${baseUrl}${callbackUrl.pathname}${callbackUrl.search}`;
  const response = await fetchWithJar(jar, url, { headers });
  if (response.status !== 302) {
    throw new Error(`the callback answered ${response.status}: ${await response.text()}`);
  }
  return new URL(response.headers.get('location')!, url);
}
