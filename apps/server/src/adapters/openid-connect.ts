import * as client from 'openid-client';

/** One identity provider as the configuration sets it up. */
export interface OpenIdProviderSettings {
  /** The issuer URL, where discovery starts. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The ID token claims the sign-in rules read. */
export interface IdentityClaims {
  iss: string;
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  name?: string | undefined;
  /** Entra ID: the user's email domain is verified by its owner. */
  xms_edov?: boolean | undefined;
}

/** The provider could not be reached or answered with a server error. */
export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/** A check of the provider's answer failed, or the provider refused the code. */
export class ProviderRejected extends Error {
  override name = 'ProviderRejected';
}

/** What the sign-in needs of an OpenID Connect provider (openid-client behind it). */
export interface OpenIdConnect {
  /** The provider's authorization URL for one sign-in (authorization code flow with PKCE S256). */
  authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<URL>;
  /**
   * Exchanges the code of the callback URL and checks the ID token (signature, issuer, audience,
   * expiry, nonce) and the state; answers the ID token's claims.
   */
  exchangeCode(input: {
    callbackUrl: URL;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<IdentityClaims>;
}

/** openid-client's message, with that of the check that failed (naming the claim: nonce, aud, exp). */
function reasonOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
}

/** Network failures, timeouts and 5xx answers; everything else is the provider saying no. */
function classify(error: unknown): Error {
  if (error instanceof client.ResponseBodyError && error.status < 500) {
    return new ProviderRejected(`${error.error}: ${error.error_description ?? ''}`);
  }
  if (error instanceof client.ResponseBodyError) return new ProviderUnreachable(error.message);
  if (error instanceof client.ClientError) {
    const code = (error as { code?: string }).code;
    const cause = (error as { cause?: unknown }).cause;
    const network =
      code === 'OAUTH_ABORT' ||
      code === 'OAUTH_TIMEOUT' ||
      (cause instanceof TypeError && /fetch failed/.test(cause.message)) ||
      code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
    return network ? new ProviderUnreachable(error.message) : new ProviderRejected(reasonOf(error));
  }
  if (error instanceof TypeError && /fetch failed/.test(error.message)) {
    return new ProviderUnreachable(error.message);
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ProviderUnreachable(error.message);
  }
  return new ProviderRejected(error instanceof Error ? reasonOf(error) : String(error));
}

/**
 * An OpenID Connect provider through openid-client. Discovery runs on first use and is kept; a
 * failed discovery is forgotten, so the next sign-in tries again. Every call to the provider gives
 * up after `timeoutSeconds`, so a provider that is down is reported quickly. Plain http is allowed
 * for loopback issuers only (the tests' local providers).
 */
export function createOpenIdConnect(
  settings: OpenIdProviderSettings,
  options: { timeoutSeconds?: number } = {},
): OpenIdConnect {
  const timeout = options.timeoutSeconds ?? 5;
  const issuer = new URL(settings.issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  let discovered: Promise<client.Configuration> | null = null;

  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        timeout,
        ...(loopback && issuer.protocol === 'http:'
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw classify(error);
      });
    return discovered;
  };

  return {
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const config = await configuration();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchangeCode({ callbackUrl, state, nonce, codeVerifier }) {
      const config = await configuration();
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        return tokens.claims() as unknown as IdentityClaims;
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

/** A sign-in's fresh secrets: the state, the nonce and the PKCE code verifier. */
export function newSignInSecrets(): { state: string; nonce: string; codeVerifier: string } {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}
