import type { Language, Role } from '@plotline/core';
import type { Mail } from '../../adapters/mailer.ts';
import type { Executor } from '../../db/database.ts';
import type { AccountLinks } from '../account-links/account-links.ts';
import type { UsersRepository } from './users.repository.ts';

export interface Invitee {
  email: string;
  role: Role;
  companyId: number | null;
  /** Named in the mail: the company, or Plotline for staff. */
  companyName: string;
  language: Language;
}

/**
 * Inserts an invited user (no password yet) and their invitation link in `tx`, and answers the mail
 * to send once `tx` has committed. A taken email fails the insert: wrap the transaction in
 * `refuseTakenEmail`.
 */
export async function insertInvitedUser(
  deps: { users: Pick<UsersRepository, 'insertUser'>; links: Pick<AccountLinks, 'prepare'> },
  invitee: Invitee,
  tx: Executor,
): Promise<{ userId: number; mail: Mail }> {
  const email = invitee.email.toLowerCase();
  const userId = await deps.users.insertUser(
    {
      email,
      role: invitee.role,
      companyId: invitee.companyId,
      status: 'invited',
      language: invitee.language,
    },
    tx,
  );
  const mail = await deps.links.prepare(
    'invite',
    { id: userId, email },
    invitee.language,
    invitee.companyName,
    tx,
  );
  return { userId, mail };
}
