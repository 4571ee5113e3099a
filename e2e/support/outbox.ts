import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

/** The newest mail the studio wrote to `address`, waiting for it to arrive. */
export async function lastMailTo(address: string): Promise<{ subject: string; link: string }> {
  let found: { subject: string; link: string } | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX).catch(() => [] as string[])).sort().reverse();
      for (const file of files) {
        const mail = await simpleParser(await readFile(path.join(OUTBOX, file)));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
        if (to !== address.toLowerCase()) continue;
        const link = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith('http'));
        found = { subject: mail.subject ?? '', link: link ?? '' };
        return true;
      }
      return false;
    })
    .toBe(true);
  return found!;
}
