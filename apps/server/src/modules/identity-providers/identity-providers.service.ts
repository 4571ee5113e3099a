import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  canUnlinkIdentity,
  COMPANY_NAME_MAX,
  IDENTITY_PROVIDER_KINDS,
  mayLinkByEmail,
  MESSAGES,
  OIDC_FLOW_MINUTES,
  OIDC_HANDOFF_SECONDS,
  OIDC_RESULT_PATH,
  type IdentityProvider,
  type IdentityProviderKind,
  type LinkedIdentity,
  type OidcCompleteResponse,
  type OidcErrorCode,
  type OidcLinkRequest,
  type OidcStartQuery,
  studioNextPage,
} from '@plotline/core';
import type { AuthContext, Origin } from '../../access/caller.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { PasswordHasher } from '../../adapters/password-hasher.ts';
import {
  newSignInSecrets,
  ProviderUnreachable,
  type IdentityClaims,
  type OpenIdConnect,
} from '../../adapters/openid-connect.ts';
import type { Executor } from '../../db/database.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { hashOf } from '../account-links/account-links.ts';
import type { TokensRepository } from '../account-links/tokens.repository.ts';
import type { ActivityRepository } from '../activity/activity.repository.ts';
import type { AuthService, StartedSession } from '../auth/auth.service.ts';
import type { CompaniesRepository } from '../companies/companies.repository.ts';
import { RATE_LIMITS, tooManySignInsMessage } from '../rate-limits/rate-limit-rules.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { UserRecord, UsersRepository } from '../users/users.repository.ts';
import type {
  IdentityProvidersRepository,
  NewOidcFlow,
  OidcFlow,
} from './identity-providers.repository.ts';

/** A configured provider and the client that speaks to it. */
export interface ConfiguredProvider extends IdentityProvider {
  client: OpenIdConnect;
}

type Outcome = OidcCompleteResponse['outcome'];

/** A provider sign-in that ends on the result page with an error code; nothing is kept of it. */
class Refusal extends Error {
  constructor(
    readonly code: OidcErrorCode,
    readonly reason: string,
    readonly email: string | null = null,
  ) {
    super(reason);
  }
}

const OUTCOME_ACTIONS: Record<Outcome, { action: string; verb: string }> = {
  signed_in: { action: 'identity.signed_in', verb: 'proved their identity with' },
  linked: { action: 'identity.linked', verb: 'linked their account to' },
  created: { action: 'identity.account_created', verb: 'created an account with' },
  invite_accepted: { action: 'identity.invite_accepted', verb: 'accepted an invitation with' },
};

/** Names for identities whose provider is no longer configured. */
const KIND_NAMES: Record<IdentityProviderKind, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  generic: 'OpenID Connect',
};

const MINUTE_MS = 60_000;

const resultPage = (query: Record<string, string>) =>
  `${OIDC_RESULT_PATH}?${new URLSearchParams(query).toString()}`;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Sign-in with identity providers (OpenID Connect, authorization code flow with PKCE, state and
 * nonce): the start, the provider's callback and its account rules, the handoff of the proven user
 * to a session, and the user's linked identities.
 */
export function createIdentityProvidersService(deps: {
  providers: readonly ConfiguredProvider[];
  repository: Pick<
    IdentityProvidersRepository,
    | 'insertFlow'
    | 'deleteEndedFlows'
    | 'spendState'
    | 'setHandoff'
    | 'spendHandoff'
    | 'findIdentity'
    | 'insertIdentity'
    | 'markIdentityUsed'
    | 'listIdentities'
    | 'lockUser'
    | 'countIdentities'
    | 'deleteIdentity'
  >;
  users: Pick<UsersRepository, 'findUserById' | 'findUserByEmail' | 'insertUser' | 'updateUser'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  companies: Pick<CompaniesRepository, 'insertCompany'>;
  tokens: Pick<TokensRepository, 'consumeToken'>;
  activity: Pick<ActivityRepository, 'record'>;
  auth: Pick<AuthService, 'startSession'>;
  rateLimits: Pick<RateLimitsService, 'countAttempt'>;
  /** Refuses (throws) a proven user who may not start a session now: maintenance. */
  mayStartSession: (user: UserRecord) => Promise<void>;
  /** Refuses (throws) while maintenance is on: no new account then. */
  assertWritesOpen: () => Promise<void>;
  /** Where the providers send the browser back: `{publicUrl}/api/auth/oidc/{kind}/callback`. */
  publicUrl: string;
  clock: Clock;
  transaction: RunInTransaction;
}) {
  const {
    repository,
    users,
    companies,
    tokens,
    activity,
    auth,
    rateLimits,
    hasher,
    clock,
    transaction,
  } = deps;

  const redirectUri = (kind: IdentityProviderKind) =>
    `${deps.publicUrl}/api/auth/oidc/${kind}/callback`;

  function providerOf(kind: string): ConfiguredProvider {
    const provider = deps.providers.find((candidate) => candidate.kind === kind);
    if (!provider) throw new AppError(404, MESSAGES.oidcProviderNotConfigured);
    return provider;
  }

  async function recordRefusal(
    provider: ConfiguredProvider,
    refusal: Refusal,
    origin: Origin,
  ): Promise<string> {
    await activity.record({
      actorId: null,
      companyId: null,
      action: 'identity.refused',
      entityType: 'user_identity',
      entityId: null,
      summary: `Sign-in with ${provider.name} refused (${refusal.code})${refusal.email ? ` for ${refusal.email}` : ''}`,
      details: { code: refusal.code, provider: provider.kind, reason: refusal.reason },
      ip: origin.ip,
      at: clock.now(),
    });
    return resultPage({ error: refusal.code, provider: provider.kind });
  }

  /** Refuses a proven user who may not sign in, as the password sign-in would. */
  function assertMaySignIn(user: UserRecord, email: string): void {
    if (user.status === 'disabled') throw new Refusal('account_disabled', 'user disabled', email);
    if (user.companyStatus === 'disabled') {
      throw new Refusal('company_disabled', 'company disabled', email);
    }
  }

  /**
   * Maintenance lets the root user alone in, and makes no account. Asked before the transaction
   * of the account rules, of the user those rules will most likely pick (an invitation's user is
   * never root, so a new account's rule applies to them).
   */
  async function assertOpenFor(flow: OidcFlow, claims: IdentityClaims, email: string) {
    let user: UserRecord | null = null;
    if (flow.inviteTokenHash === null) {
      const identity = await repository.findIdentity(claims.iss, claims.sub);
      user = identity
        ? await users.findUserById(identity.userId)
        : await users.findUserByEmail(email);
    }
    if (user) assertMaySignIn(user, email);
    await (user ? deps.mayStartSession(user) : deps.assertWritesOpen()).catch((error: unknown) => {
      throw new Refusal('maintenance', error instanceof Error ? error.message : 'refused', email);
    });
  }

  function verifiedEmail(kind: IdentityProviderKind, claims: IdentityClaims): string {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const verified =
      claims.email_verified === true || (kind === 'microsoft' && claims.xms_edov === true);
    if (!email || !verified) {
      throw new Refusal('unverified_email', 'no verified email in the ID token', email || null);
    }
    return email;
  }

  /** Applies the account rules to the proven identity; answers the user and what happened. */
  async function decide(
    flow: OidcFlow,
    provider: ConfiguredProvider,
    claims: IdentityClaims,
    origin: Origin,
    tx: Executor,
    email: string,
  ): Promise<{ user: UserRecord; outcome: Outcome; identityId: number }> {
    const now = clock.now();
    const identity = await repository.findIdentity(claims.iss, claims.sub, tx);
    const link = (userId: number) =>
      repository.insertIdentity(
        {
          userId,
          kind: provider.kind,
          issuer: claims.iss,
          subject: claims.sub,
          email,
          createdAt: now,
        },
        tx,
      );

    if (flow.inviteTokenHash !== null) {
      const invitedId = await tokens.consumeToken('invite', flow.inviteTokenHash, now, tx);
      const invited = invitedId === null ? null : await users.findUserById(invitedId, tx);
      if (!invited || invited.status !== 'invited') {
        throw new Refusal('invalid_link', 'unknown, used or expired invitation', email);
      }
      if (invited.email !== email) {
        throw new Refusal('invite_mismatch', `the invitation is for ${invited.email}`, email);
      }
      if (identity && identity.userId !== invited.id) {
        throw new Refusal('identity_taken', `linked to user ${identity.userId}`, email);
      }
      if (!identity && !mayLinkByEmail(invited)) {
        throw new Refusal('staff_email', `an invitation to the ${invited.role} role`, email);
      }
      assertMaySignIn(invited, email);
      await users.updateUser(invited.id, { status: 'active' }, now, tx);
      const identityId = identity?.id ?? (await link(invited.id));
      return { user: invited, outcome: 'invite_accepted', identityId };
    }

    if (identity) {
      const user = (await users.findUserById(identity.userId, tx))!;
      assertMaySignIn(user, email);
      await repository.markIdentityUsed(identity.id, now, tx);
      return { user, outcome: 'signed_in', identityId: identity.id };
    }

    const known = await users.findUserByEmail(email, tx);
    if (known) {
      if (!mayLinkByEmail(known)) {
        throw new Refusal('staff_email', `the email of a ${known.role} user`, email);
      }
      assertMaySignIn(known, email);
      // The provider proved the address, as an invitation link would have.
      if (known.status === 'invited') {
        await users.updateUser(known.id, { status: 'active' }, now, tx);
      }
      return { user: known, outcome: 'linked', identityId: await link(known.id) };
    }

    const name = claims.name?.trim().slice(0, COMPANY_NAME_MAX) || null;
    const companyId = await companies.insertCompany(
      { name: name ?? email, type: 'individual' },
      tx,
    );
    const userId = await users.insertUser(
      { email, name, role: 'superadmin', companyId, language: origin.language },
      tx,
    );
    const identityId = await link(userId);
    return { user: (await users.findUserById(userId, tx))!, outcome: 'created', identityId };
  }

  /**
   * A link's callback: the proven identity joins the user who started the link from their profile
   * (their password checked), whatever its email, and no one else; no session starts.
   */
  async function linkTo(
    userId: number,
    provider: ConfiguredProvider,
    claims: IdentityClaims,
    email: string,
    origin: Origin,
  ): Promise<void> {
    const user = await users.findUserById(userId);
    if (!user) throw new Refusal('failed', `the linking user ${userId} is gone`, email);
    assertMaySignIn(user, email);
    await deps.mayStartSession(user).catch((error: unknown) => {
      throw new Refusal('maintenance', error instanceof Error ? error.message : 'refused', email);
    });
    await transaction(async (tx) => {
      const now = clock.now();
      const identity = await repository.findIdentity(claims.iss, claims.sub, tx);
      if (identity && identity.userId !== user.id) {
        throw new Refusal('identity_taken', `linked to user ${identity.userId}`, email);
      }
      const identityId =
        identity?.id ??
        (await repository.insertIdentity(
          {
            userId: user.id,
            kind: provider.kind,
            issuer: claims.iss,
            subject: claims.sub,
            email,
            createdAt: now,
          },
          tx,
        ));
      await activity.record(
        {
          actorId: user.id,
          companyId: user.companyId,
          action: 'identity.linked',
          entityType: 'user_identity',
          entityId: identityId,
          summary: `${user.email} linked ${provider.name} (${email}) from their profile`,
          details: { provider: provider.kind, explicit: true },
          ip: origin.ip,
          at: now,
        },
        tx,
      );
    });
  }

  /**
   * Keeps a new flow's secrets and answers where to send the browser: the provider, or the result
   * page with an error (too many starts from this address, the provider unreachable). The state
   * goes to the browser's cookie too (`browserBinding`), so that only this browser can finish.
   */
  async function openFlow(
    provider: ConfiguredProvider,
    flow: Pick<NewOidcFlow, 'mode' | 'next' | 'inviteTokenHash' | 'remember' | 'linkUserId'>,
    origin: Origin,
  ): Promise<{ location: string; browserBinding: string | null }> {
    try {
      await rateLimits.countAttempt([[RATE_LIMITS.identitySignIns, origin.ip]]);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      const location = await recordRefusal(
        provider,
        new Refusal('too_many', 'too many sign-ins started from this address'),
        origin,
      );
      return { location, browserBinding: null };
    }
    const { state, nonce, codeVerifier } = newSignInSecrets();
    let authorizationUrl: URL;
    try {
      authorizationUrl = await provider.client.authorizationUrl({
        redirectUri: redirectUri(provider.kind),
        state,
        nonce,
        codeVerifier,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const location = await recordRefusal(
        provider,
        new Refusal('provider_down', `discovery failed: ${reason}`),
        origin,
      );
      return { location, browserBinding: null };
    }
    const now = clock.now();
    await repository.deleteEndedFlows(now);
    await repository.insertFlow({
      ...flow,
      kind: provider.kind,
      stateHash: hashOf(state),
      codeVerifier,
      nonce,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OIDC_FLOW_MINUTES * MINUTE_MS),
    });
    return { location: authorizationUrl.href, browserBinding: state };
  }

  return {
    /** The configured providers, for the sign-in and register screens. */
    providers(): IdentityProvider[] {
      return IDENTITY_PROVIDER_KINDS.flatMap((kind) =>
        deps.providers.filter((provider) => provider.kind === kind),
      ).map(({ kind, name }) => ({ kind, name }));
    },

    /** Throws 404 when the kind is not configured; for the routes to check before anything else. */
    assertConfigured(kind: string): void {
      providerOf(kind);
    },

    /** Opens a provider sign-in (see `openFlow`). */
    start(
      kind: string,
      query: OidcStartQuery,
      origin: Origin,
    ): Promise<{ location: string; browserBinding: string | null }> {
      return openFlow(
        providerOf(kind),
        {
          mode: query.mode,
          next: studioNextPage(query.next),
          inviteTokenHash: query.invite ? hashOf(query.invite) : null,
          remember: query.remember === 'true',
          linkUserId: null,
        },
        origin,
      );
    },

    /**
     * Opens the link of a further provider to the signed-in user, once their password is proven
     * (counted as the sign-in's wrong passwords for their email are). An account without a password
     * sets one first: a session alone must not add a way in.
     */
    async startLink(
      caller: AuthContext,
      request: OidcLinkRequest,
      origin: Origin,
    ): Promise<{ location: string; browserBinding: string | null }> {
      const provider = providerOf(request.kind);
      const user = await users.findUserById(caller.userId);
      if (!user) throw new AppError(401, MESSAGES.sessionExpired);
      if (user.passwordHash === null) throw new AppError(409, MESSAGES.linkNeedsPassword);
      const attempt = await rateLimits.countAttempt(
        [[RATE_LIMITS.signInFailuresPerEmail, user.email]],
        tooManySignInsMessage,
      );
      if (!(await hasher.verify(user.passwordHash, request.password))) {
        throw new AppError(400, MESSAGES.wrongCurrentPassword);
      }
      await attempt.succeeded();
      // The studio opens the answer in a popup, or in its own tab where popups are blocked: the
      // result page tells which by itself, so the mode is only the usual one here.
      return openFlow(
        provider,
        { mode: 'popup', next: null, inviteTokenHash: null, remember: false, linkUserId: user.id },
        origin,
      );
    },

    /**
     * The provider's callback: checks that the browser is the one that started the flow (its
     * cookie holds the state) before it spends the state (once), so another browser's visit leaves
     * the flow to its own; exchanges the code (PKCE, nonce, ID token checks by openid-client) and
     * applies the account rules, or a link's. Answers the result page: `?handoff=` on a sign-in's
     * success (`handoff` true: the cookie must stay for the exchange), `?linked=` on a link's,
     * `?error=` else; a refusal writes nothing but its line in the activity log.
     */
    async callback(
      kind: string,
      search: URLSearchParams,
      browserBinding: string | undefined,
      origin: Origin,
    ): Promise<{ location: string; handoff: boolean }> {
      const provider = providerOf(kind);
      try {
        const state = search.get('state');
        if (!state) throw new Refusal('failed', 'no state');
        if (!browserBinding || !sameSecret(browserBinding, state)) {
          throw new Refusal('other_browser', 'the sign-in was started in another browser');
        }
        const flow = await repository.spendState(hashOf(state), clock.now());
        if (!flow || flow.kind !== provider.kind) {
          throw new Refusal('failed', 'unknown, used or expired state');
        }
        const error = search.get('error');
        if (error !== null) {
          throw new Refusal(error === 'access_denied' ? 'cancelled' : 'failed', error);
        }
        const callbackUrl = new URL(`${redirectUri(provider.kind)}?${search.toString()}`);
        const claims = await provider.client
          .exchangeCode({ callbackUrl, state, nonce: flow.nonce, codeVerifier: flow.codeVerifier })
          .catch((failure: unknown) => {
            const reason = failure instanceof Error ? failure.message : String(failure);
            throw new Refusal(
              failure instanceof ProviderUnreachable ? 'provider_down' : 'failed',
              reason,
            );
          });
        const email = verifiedEmail(provider.kind, claims);
        if (flow.linkUserId !== null) {
          await linkTo(flow.linkUserId, provider, claims, email, origin);
          return { location: resultPage({ linked: provider.kind }), handoff: false };
        }
        await assertOpenFor(flow, claims, email);
        const handoff = randomBytes(32).toString('base64url');
        await transaction(async (tx) => {
          const { user, outcome, identityId } = await decide(
            flow,
            provider,
            claims,
            origin,
            tx,
            email,
          );
          const now = clock.now();
          await repository.setHandoff(
            flow.id,
            {
              userId: user.id,
              outcome,
              handoffHash: hashOf(handoff),
              handoffExpiresAt: new Date(now.getTime() + OIDC_HANDOFF_SECONDS * 1000),
            },
            tx,
          );
          const { action, verb } = OUTCOME_ACTIONS[outcome];
          await activity.record(
            {
              actorId: user.id,
              companyId: user.companyId,
              action,
              entityType: 'user_identity',
              entityId: identityId,
              summary: `${user.email} ${verb} ${provider.name}`,
              details: { provider: provider.kind },
              ip: origin.ip,
              at: now,
            },
            tx,
          );
        });
        return { location: resultPage({ handoff }), handoff: true };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return { location: await recordRefusal(provider, error, origin), handoff: false };
      }
    },

    /**
     * Exchanges a handoff (single use, OIDC_HANDOFF_SECONDS) for a session of the user the callback
     * proved, started as the password sign-in starts one; only in the browser that started the
     * flow (`browserBinding`, its cookie), so a handoff carried to another browser signs no one in.
     */
    async complete(
      handoff: string,
      browserBinding: string | undefined,
      origin: Origin,
    ): Promise<{ session: StartedSession; next: string | null; outcome: Outcome }> {
      const attempt = await rateLimits.countAttempt([[RATE_LIMITS.linkFailures, origin.ip]]);
      const flow = browserBinding
        ? await repository.spendHandoff(hashOf(handoff), hashOf(browserBinding), clock.now())
        : null;
      const user = flow?.userId ? await users.findUserById(flow.userId) : null;
      if (!flow || !user) {
        throw new AppError(
          400,
          browserBinding ? MESSAGES.invalidLink : MESSAGES.oidcNotStartedHere,
        );
      }
      await attempt.succeeded();
      const session = await auth.startSession(user, origin, flow.remember);
      return { session, next: flow.next, outcome: flow.outcome as Outcome };
    },

    async listIdentities(caller: AuthContext): Promise<LinkedIdentity[]> {
      const identities = await repository.listIdentities(caller.userId);
      return identities.map((identity) => ({
        id: identity.id,
        kind: identity.kind,
        provider_name:
          deps.providers.find((provider) => provider.kind === identity.kind)?.name ??
          KIND_NAMES[identity.kind],
        email: identity.email,
        created_at: identity.createdAt.toISOString(),
        last_used_at: identity.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** Unlinks one of the caller's identities, never their last way to sign in. */
    async unlink(
      caller: AuthContext,
      id: number,
    ): Promise<{ kind: IdentityProviderKind; email: string }> {
      return transaction(async (tx) => {
        const user = await repository.lockUser(caller.userId, tx);
        const removed = user && (await repository.deleteIdentity(caller.userId, id, tx));
        if (!user || !removed) throw new AppError(404, MESSAGES.identityNotFound);
        const identityCount = (await repository.countIdentities(caller.userId, tx)) + 1;
        if (!canUnlinkIdentity({ hasPassword: user.hasPassword, identityCount })) {
          throw new AppError(409, MESSAGES.lastSignInWay);
        }
        return { kind: removed.kind, email: removed.email };
      });
    },
  };
}

export type IdentityProvidersService = ReturnType<typeof createIdentityProvidersService>;
