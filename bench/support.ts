// What the benches share: a company administrator to upload as, signing in through HTTP, and the
// machine's state to print beside the figures.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { ACCESS_TOKEN_HEADER } from '@plotline/core';
import { argon2Hasher } from '../apps/server/src/adapters/password-hasher.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { createCompaniesRepository } from '../apps/server/src/modules/companies/companies.repository.ts';
import { createUsersRepository } from '../apps/server/src/modules/users/users.repository.ts';

export interface BenchUser {
  email: string;
  password: string;
}

/**
 * A company with an active administrator, who may upload (uploads need a company: the root user
 * has none). Written through the repositories, as the API tests' makeUser does.
 */
export async function addCompanyAdministrator(db: Database): Promise<BenchUser> {
  const email = 'bench-admin@plotline.local';
  const password = randomBytes(12).toString('base64url');
  const companyId = await createCompaniesRepository(db).insertCompany({
    name: 'Bench company',
    type: 'company',
  });
  await createUsersRepository(db).insertUser({
    email,
    role: 'administrator',
    companyId,
    name: 'Bench administrator',
    passwordHash: await argon2Hasher.hash(password),
    status: 'active',
  });
  return { email, password };
}

/** Signs in through the API and answers the headers of an authenticated call. */
export async function signIn(baseUrl: string, user: BenchUser): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/v1.6/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password: user.password, remember: false }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (response.status !== 200 || !body.data?.token) {
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { [ACCESS_TOKEN_HEADER]: body.data.token };
}

/** Cores and load: a loaded machine stretches wall times, so the figures say what they ran on. */
export function machineLine(): string {
  const cores = execFileSync('nproc').toString().trim();
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `${cores} cores, load average ${load}`;
}

/** File sizes and rates in decimal megabytes, as the upload limit is written. */
export const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
/** Memory in MiB, as the kernel counts it. */
export const mebibytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);
