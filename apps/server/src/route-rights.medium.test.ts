import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  canAny,
  INT4_MAX,
  isInternalRole,
  MESSAGES,
  RIGHTS,
  ROLES,
  type CompanyType,
  type Right,
  type Role,
} from '@plotline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test/test-server.ts';

/*
 * The rights table of docs/ARCHITECTURE.md ("Rights by route") against the running app: every call
 * of the API document is in it with the access its route declares, and every role is refused with
 * 403 exactly where core `can()` refuses it.
 */

const ARCHITECTURE = fileURLToPath(new URL('../../../docs/ARCHITECTURE.md', import.meta.url));

interface Row {
  family: string;
  calls: string[];
  access: string;
}

/**
 * The table's rows, `| \`family\` | \`METHOD /path\`, … | \`access\` |` with the spaces Prettier
 * pads them with.
 */
function readTable(): Row[] {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const start = text.indexOf('### Rights by route');
  expect(start, 'docs/ARCHITECTURE.md has its "Rights by route" section').toBeGreaterThan(-1);
  const section = text.slice(start, text.indexOf('\n### ', start + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, family, calls, access] =
        /^\|\s*`([^`]+)`\s*\|(.+)\|\s*`([^`]+)`\s*\|$/.exec(line) ?? [];
      expect(family, `a row of the table: ${line}`).toBeDefined();
      return {
        family: family!,
        calls: [...calls!.matchAll(/`([A-Z]+ \/api[^`]*)`/g)].map((match) => match[1]!),
        access: access!,
      };
    });
}

/** A table access as the guard reads it: null for `public`. */
function accessOf(text: string): { rights: Right[]; rootOnly: boolean } | null {
  if (text === 'public') return null;
  if (text === 'signed in') return { rights: [], rootOnly: false };
  if (text === 'root only') return { rights: [], rootOnly: true };
  const rights = text.split(' or ');
  for (const right of rights) expect(RIGHTS, `${text}: a right of core`).toContain(right);
  return { rights: rights as Right[], rootOnly: false };
}

/** The row's call to try: a read where it has one; every path parameter an id no record has. */
function tryCall(row: Row): { method: string; path: string } {
  const call = row.calls.find((entry) => entry.startsWith('GET ')) ?? row.calls[0]!;
  const [method, path] = call.split(' ') as [string, string];
  return { method, path: path.replace(/\{\w+\}/g, String(INT4_MAX)) };
}

const server = await startTestServer();
afterAll(() => server.close());
const rows = readTable();

describe('the rights table of docs/ARCHITECTURE.md', () => {
  it('lists every call of the API document, each with the access its route declares', async () => {
    const document = await server.request<{
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    }>('GET', '/api/docs/json');
    const declared = Object.fromEntries(
      Object.entries(document.body.paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => [
          `${method.toUpperCase()} ${path}`,
          operation['x-access'],
        ]),
      ),
    );
    const listed = Object.fromEntries(
      rows.flatMap((row) => row.calls.map((call) => [call, row.access])),
    );
    expect(rows.flatMap((row) => row.calls)).toHaveLength(Object.keys(listed).length);
    expect(listed).toEqual(declared);
    for (const row of rows) accessOf(row.access);
  });

  describe('for every role', () => {
    const subjects: {
      label: string;
      role: Role;
      companyType: CompanyType | null;
      token: string;
    }[] = [];

    beforeAll(async () => {
      const kinds = [
        ...ROLES.map((role) => ({
          role,
          companyType: isInternalRole(role) ? null : ('company' as const),
        })),
        { role: 'administrator' as const, companyType: 'platform' as const },
        { role: 'superadmin' as const, companyType: 'platform' as const },
      ];
      for (const { role, companyType } of kinds) {
        const user = await server.makeUser({ role, companyType });
        subjects.push({
          label: `${role} (${companyType ?? 'staff'})`,
          role,
          companyType,
          token: await server.signIn(user),
        });
      }
    });

    it('answers 403 exactly where core can() refuses, and 401 without a session', async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const row of rows) {
        const access = accessOf(row.access);
        const { method, path } = tryCall(row);
        const anonymous = await server.request<{ message?: string }>(method, path);
        const guard = [MESSAGES.signInRequired, MESSAGES.forbidden] as string[];
        if (access === null) {
          // Public: the guard lets anyone through (a viewer's own token is another matter).
          expect(guard, `${method} ${path} is public`).not.toContain(anonymous.body.message);
          continue;
        }
        expect(anonymous.status, `${method} ${path} without a session`).toBe(401);
        // Any session passes `signed in` (a sign-out among those calls would end the sessions).
        if (access.rights.length === 0 && !access.rootOnly) continue;
        for (const subject of subjects) {
          const response = await server.request<{ message?: string }>(method, path, {
            token: subject.token,
          });
          const refused = response.status === 403 && response.body.message === MESSAGES.forbidden;
          const allowed = access.rootOnly
            ? subject.role === 'king'
            : canAny(subject, access.rights);
          const name = `${subject.label} ${method} ${path}`;
          outcomes.push(`${name}: ${refused ? 'refused' : `allowed (${response.status})`}`);
          expected.push(`${name}: ${allowed ? 'allowed' : 'refused'}`);
          expect(response.status, name).not.toBe(401);
        }
      }
      // Compared whole, so a failure names every call that went another way.
      expect(outcomes.map((outcome) => outcome.replace(/ \(\d+\)$/, ''))).toEqual(expected);
    }, 120_000);
  });
});
