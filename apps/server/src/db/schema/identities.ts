import { IDENTITY_PROVIDER_KINDS } from '@plotline/core';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const identityProviderKind = pgEnum('identity_provider_kind', IDENTITY_PROVIDER_KINDS);

/**
 * An identity at an OpenID Connect provider linked to a user: the provider's `iss` and `sub` name
 * it for good (the email may change at the provider; the link stays).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: identityProviderKind().notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    /** The verified email the provider gave when the identity was linked. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [unique().on(table.issuer, table.subject), index().on(table.userId)],
);

/**
 * A provider sign-in under way, from its start to the exchange of its handoff; single use at each
 * step. Only hashes of `state` and of the handoff are kept; the PKCE verifier and the nonce live
 * here for at most OIDC_FLOW_MINUTES, so several API processes can share the flow.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: identityProviderKind().notNull(),
    stateHash: text().notNull().unique(),
    codeVerifier: text().notNull(),
    nonce: text().notNull(),
    /** `popup` or `page`: where the result page runs. */
    mode: text().notNull(),
    next: text(),
    /** Hash of the invitation token to accept, when the flow started from an invitation link. */
    inviteTokenHash: text(),
    remember: boolean().notNull().default(false),
    /**
     * Set when a signed-in user links a further provider from their profile (after entering their
     * password): the callback links the identity to this user and to no other, and starts no session.
     */
    linkUserId: integer().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the provider's callback came back (the state is spent). */
    callbackAt: timestamp({ withTimezone: true }),
    /** The user the callback proved, and how; the handoff then starts their session once. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    outcome: text(),
    handoffHash: text().unique(),
    handoffExpiresAt: timestamp({ withTimezone: true }),
    handoffUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.expiresAt)],
);
