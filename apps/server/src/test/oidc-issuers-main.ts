/**
 * The three local identity providers as a process of their own, for the browser journeys:
 * `OIDC_ISSUERS_REDIRECT_BASE=http://127.0.0.1:4173 OIDC_GOOGLE_PORT=… OIDC_MICROSOFT_PORT=…
 * OIDC_GENERIC_PORT=… tsx src/test/oidc-issuers-main.ts`. Each one's redirect URI is
 * `{base}/api/auth/oidc/{kind}/callback`; clients are `{kind}-client` / `{kind}-secret-that-is-long-enough`.
 * Who signs in is the login name typed (see accountFromLogin). Prints one JSON line when ready.
 */
import { IDENTITY_PROVIDER_KINDS } from '@plotline/core';
import { startTestIssuers } from './oidc-issuers.ts';

// A test tool, not the server: it reads its own few variables (config/env.ts is the server's).
const env = process.env;
const base = env.OIDC_ISSUERS_REDIRECT_BASE;
if (!base) throw new Error('OIDC_ISSUERS_REDIRECT_BASE is required');
const port = (name: string) => Number(env[name] ?? 0);

const issuers = await startTestIssuers({
  redirectUri: (kind) => `${base.replace(/\/+$/, '')}/api/auth/oidc/${kind}/callback`,
  ports: {
    google: port('OIDC_GOOGLE_PORT'),
    microsoft: port('OIDC_MICROSOFT_PORT'),
    generic: port('OIDC_GENERIC_PORT'),
  },
});
console.log(
  JSON.stringify(
    Object.fromEntries(
      IDENTITY_PROVIDER_KINDS.map((kind) => [
        kind,
        {
          issuer: issuers[kind].url,
          clientId: issuers[kind].clientId,
          clientSecret: issuers[kind].clientSecret,
        },
      ]),
    ),
  ),
);
const stop = () =>
  void Promise.all(Object.values(issuers).map((issuer) => issuer.close())).then(() =>
    process.exit(0),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
