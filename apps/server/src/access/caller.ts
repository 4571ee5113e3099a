import type { Language, Subject } from '@plotline/core';

/** Who is calling, as the route guard and the services see it. */
export interface AuthContext extends Subject {
  userId: number;
  sessionId: string;
  companyId: number | null;
}

/** Where a request comes from, as sessions and the rate limits record it. */
export interface Origin {
  ip: string;
  userAgent: string | null;
  /** The language the client prefers, when it is one of ours. */
  language: Language | null;
}
