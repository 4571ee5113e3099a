import { errors, jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/** Signs and reads the JWT handed out at sign-in (HS256). The session row, not the JWT, is the authority on revocation. */
export interface SessionTokens {
  sign(claims: SessionClaims, issuedAt: Date, expiresAt: Date): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token, else null. */
  read(token: string, now: Date): Promise<SessionClaims | null>;
}

export function createSessionTokens(secret: string): SessionTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionId }, issuedAt, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async read(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
