import type { Role, ViewerFacts } from '@plotline/core';
import type { AuthContext } from '../../access/caller.ts';
import { createAppOperator } from '../../modules/app-viewers/app-operator.ts';
import type { AppViewersRepository } from '../../modules/app-viewers/app-viewers.repository.ts';
import type { FakeTable } from './fake-database.ts';
import { FAKE_NOW, fakeCaller } from './fake-data.ts';

/** A row of the fake `app_viewers` table, holding what the viewer's events told of them. */
export type FakeViewerRow = ViewerFacts & { id: number; companyId: number };
export type FakeViewers = FakeTable<FakeViewerRow>;

const factsOf = ({ id: _id, ...facts }: FakeViewerRow) => facts;

/** The parts of the app viewers repository the segments service takes. */
export function createFakeAppViewers(viewers: FakeViewers) {
  return {
    async findFacts(viewerId, tx) {
      const row = viewers.find(viewerId, tx);
      return row && factsOf(row);
    },
  } satisfies Pick<AppViewersRepository, 'findFacts'>;
}

/** A viewer of the platform's app on Android in English, first seen at FAKE_NOW, who watched nothing. */
export function makeViewer(
  viewers: FakeViewers,
  values: Pick<FakeViewerRow, 'companyId'> & Partial<Omit<FakeViewerRow, 'id'>>,
): FakeViewerRow {
  return viewers.insert({
    platform: 'android',
    language: 'en',
    firstSeenAt: FAKE_NOW,
    views: 0,
    viewDays: 0,
    watched: new Set(),
    completed: new Set(),
    chose: new Set(),
    ...values,
  });
}

/**
 * The app's operator as the server resolves it, with `operatorId` as the oldest active platform
 * company (null: none operates the app).
 */
export function fakeAppOperator(operatorId: number | null) {
  return createAppOperator({
    viewers: { findOperatorCompanyId: async () => operatorId },
    appCompanyId: null,
  });
}

/** A signed-in user of a platform company, administrator unless told. */
export function fakePlatformCaller(companyId: number, role: Role = 'administrator'): AuthContext {
  return { ...fakeCaller(companyId, role), companyType: 'platform' };
}

/** Root, who acts for the platform operating the app. */
export const fakeRoot = (): AuthContext => ({ ...fakeCaller(null, 'king'), companyType: null });
