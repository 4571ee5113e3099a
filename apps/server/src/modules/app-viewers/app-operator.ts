import { MESSAGES } from '@plotline/core';
import type { AuthContext } from '../../access/caller.ts';
import { AppError } from '../../errors.ts';
import type { AppViewersRepository } from './app-viewers.repository.ts';

/**
 * Which platform company operates the mobile app, and which one a studio caller acts for in the
 * app's back-office calls (promoted contents, segments). Read on each call: a platform company
 * made or disabled meanwhile counts at once.
 */
export function createAppOperator(deps: {
  viewers: Pick<AppViewersRepository, 'findOperatorCompanyId'>;
  /** APP_COMPANY_ID: this company operates the app (while it is an active platform company). */
  appCompanyId: number | null;
}) {
  const { viewers, appCompanyId } = deps;

  async function operatorCompanyId(): Promise<number | null> {
    return viewers.findOperatorCompanyId(appCompanyId);
  }

  return {
    /** The app's operator: APP_COMPANY_ID if set, else the oldest active platform company. */
    operatorCompanyId,

    /** The operator, or 409 appNotOperated when there is none (viewers cannot register then). */
    async requireOperatorCompanyId(): Promise<number> {
      const id = await operatorCompanyId();
      if (id === null) throw new AppError(409, MESSAGES.appNotOperated);
      return id;
    },

    /**
     * The platform company a caller who passed canSeeAppPromoted / canSeeAppSegment acts for: their
     * own; root's is the app's operator (409 appNotOperated when there is none).
     */
    async companyFor(caller: AuthContext): Promise<number> {
      if (caller.role === 'king') {
        const id = await operatorCompanyId();
        if (id === null) throw new AppError(409, MESSAGES.appNotOperated);
        return id;
      }
      if (caller.companyType !== 'platform' || caller.companyId === null) {
        throw new AppError(403, MESSAGES.forbidden);
      }
      return caller.companyId;
    },
  };
}

export type AppOperator = ReturnType<typeof createAppOperator>;
