import { randomUUID } from 'node:crypto';
import type { IdentityProviderKind } from '@plotline/core';
import {
  ProviderRejected,
  ProviderUnreachable,
  type IdentityClaims,
} from '../../adapters/openid-connect.ts';
import type {
  OidcFlow,
  UserIdentity,
} from '../../modules/identity-providers/identity-providers.repository.ts';
import type {
  ConfiguredProvider,
  createIdentityProvidersService,
} from '../../modules/identity-providers/identity-providers.service.ts';
import type { FakeDatabase, FakeTable } from './fake-database.ts';
import type { FakeUsers } from './fake-users.ts';

export type FakeFlows = FakeTable<OidcFlow>;
export type FakeIdentityRows = FakeTable<UserIdentity>;

/** PostgreSQL's unique violation (SQLSTATE 23505), as the database driver raises it. */
export function uniqueViolation(constraint: string): Error {
  return Object.assign(
    new Error(`duplicate key value violates unique constraint "${constraint}"`),
    {
      code: '23505',
      constraint,
    },
  );
}

/**
 * The identity providers repository over fake tables, with the SQL's guards: a state and a handoff
 * are spent once (their UPDATE waits for a transaction holding the flow, then checks again), an
 * identity is unique by issuer and subject, and `lockUser` holds the user's row until the
 * transaction ends.
 */
export function createFakeIdentities(
  db: FakeDatabase,
  tables: { flows: FakeFlows; identities: FakeIdentityRows; users: FakeUsers },
) {
  const { flows, identities, users } = tables;

  // Exactly what the service takes, so the two lists cannot drift apart.
  const repository: Parameters<typeof createIdentityProvidersService>[0]['repository'] = {
    async insertFlow(flow, tx) {
      if (flows.rows(tx).some((row) => row.stateHash === flow.stateHash)) {
        throw uniqueViolation('oidc_flows_state_hash_unique');
      }
      flows.insert(
        {
          next: null,
          inviteTokenHash: null,
          remember: false,
          linkUserId: null,
          ...flow,
          callbackAt: null,
          userId: null,
          outcome: null,
          handoffHash: null,
          handoffExpiresAt: null,
          handoffUsedAt: null,
        },
        tx,
      );
    },

    async deleteEndedFlows(now, tx) {
      for (const flow of flows.rows(tx)) {
        const handoffEnded = flow.handoffExpiresAt === null || flow.handoffExpiresAt < now;
        if (flow.expiresAt < now && handoffEnded) flows.delete(flow.id, tx);
      }
    },

    async spendState(stateHash, now, tx) {
      const found = flows.rows(tx).find((flow) => flow.stateHash === stateHash);
      if (!found) return null;
      await db.lock(`oidc_flows:${found.id}`, tx);
      const flow = flows.find(found.id, tx);
      if (!flow || flow.callbackAt !== null || flow.expiresAt <= now) return null;
      return flows.update(flow.id, { callbackAt: now }, tx);
    },

    async setHandoff(flowId, handoff, tx) {
      flows.update(flowId, handoff, tx);
    },

    async spendHandoff(handoffHash, stateHash, now, tx) {
      const found = flows.rows(tx).find((flow) => flow.handoffHash === handoffHash);
      if (!found) return null;
      await db.lock(`oidc_flows:${found.id}`, tx);
      const flow = flows.find(found.id, tx);
      if (
        !flow ||
        flow.stateHash !== stateHash ||
        flow.handoffUsedAt !== null ||
        flow.userId === null ||
        flow.handoffExpiresAt === null ||
        flow.handoffExpiresAt <= now
      ) {
        return null;
      }
      return flows.update(flow.id, { handoffUsedAt: now }, tx);
    },

    async findIdentity(issuer, subject, tx) {
      return (
        identities
          .rows(tx)
          .find((identity) => identity.issuer === issuer && identity.subject === subject) ?? null
      );
    },

    async insertIdentity(identity, tx) {
      if (!users.find(identity.userId, tx)) throw new Error(`insert: no user ${identity.userId}`);
      const taken = identities
        .rows(tx)
        .some((row) => row.issuer === identity.issuer && row.subject === identity.subject);
      if (taken) throw uniqueViolation('user_identities_issuer_subject_unique');
      return identities.insert({ ...identity, lastUsedAt: identity.createdAt }, tx).id;
    },

    async markIdentityUsed(id, at, tx) {
      identities.update(id, { lastUsedAt: at }, tx);
    },

    async listIdentities(userId, tx) {
      return identities
        .rows(tx)
        .filter((identity) => identity.userId === userId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    },

    async lockUser(userId, tx) {
      await db.lock(`users:${userId}`, tx);
      const user = users.find(userId, tx);
      return user ? { hasPassword: user.passwordHash !== null } : null;
    },

    async countIdentities(userId, tx) {
      return identities.rows(tx).filter((identity) => identity.userId === userId).length;
    },

    async deleteIdentity(userId, id, tx) {
      const identity = identities.find(id, tx);
      if (identity?.userId !== userId) return null;
      identities.delete(id, tx);
      return identity;
    },
  };
  return repository;
}

/** What a viewer's account at a fake provider asserts in its ID token. */
export type FakeAccountClaims = Omit<IdentityClaims, 'iss' | 'sub'>;

/**
 * An OpenID Connect provider as openid-client sees one: it hands out a code for a viewer who
 * signs in (`approve`) or cancels (`deny`), and redeems it once, for the sign-in it was made
 * for: the state, nonce and PKCE verifier of its authorization request must come back with it.
 * `reachable = false` makes every call fail as a provider that is down does.
 */
export function createFakeIdentityProvider(kind: IdentityProviderKind, name: string) {
  const issuer = `https://${kind}.idp.test`;
  const requests = new Map<string, { nonce: string; codeVerifier: string; redirectUri: string }>();
  const codes = new Map<string, { state: string; subject: string; claims: FakeAccountClaims }>();
  const assertReachable = () => {
    if (!provider.reachable) throw new ProviderUnreachable(`fetch failed: ${issuer}`);
  };
  const stateOf = (authorizationUrl: string) =>
    new URL(authorizationUrl).searchParams.get('state')!;

  const provider = {
    kind,
    name,
    issuer,
    reachable: true,
    /** The authorization requests made, by their state. */
    requests,
    client: {
      async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
        assertReachable();
        requests.set(state, { nonce, codeVerifier, redirectUri });
        const url = new URL(`${issuer}/authorize`);
        url.search = new URLSearchParams({ redirect_uri: redirectUri, state, nonce }).toString();
        return url;
      },
      async exchangeCode({ callbackUrl, state, nonce, codeVerifier }) {
        assertReachable();
        const code = callbackUrl.searchParams.get('code') ?? '';
        const grant = codes.get(code);
        codes.delete(code);
        if (!grant) throw new ProviderRejected('invalid_grant: unknown or used code');
        const request = requests.get(grant.state)!;
        if (callbackUrl.searchParams.get('state') !== state || grant.state !== state) {
          throw new ProviderRejected('unexpected "state" response parameter value');
        }
        if (request.nonce !== nonce) throw new ProviderRejected('unexpected ID Token "nonce"');
        if (request.codeVerifier !== codeVerifier) {
          throw new ProviderRejected('invalid_grant: PKCE verification failed');
        }
        return { ...grant.claims, iss: issuer, sub: grant.subject };
      },
    },
    /** The viewer signs in at the provider as `subject`: the query the provider sends back. */
    approve(authorizationUrl: string, subject: string, claims: FakeAccountClaims) {
      const code = randomUUID();
      const state = stateOf(authorizationUrl);
      codes.set(code, { state, subject, claims });
      return new URLSearchParams({ code, state, iss: issuer });
    },
    /** The viewer cancels at the provider. */
    deny(authorizationUrl: string) {
      return new URLSearchParams({ error: 'access_denied', state: stateOf(authorizationUrl) });
    },
  } satisfies ConfiguredProvider & Record<string, unknown>;
  return provider;
}
