import {
  ACCESS_TOKEN_HEADER,
  FORCE_MOBILE_PARAM,
  VIEW_EVENTS_MAX_BYTES,
  VIEW_EVENTS_MAX_PER_BATCH,
  viewEventsSchema,
  WATCH_PATH,
} from '@plotline/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as restated from './core-values.ts';

describe('values restated from core', () => {
  it('equal core’s', () => {
    expect(restated.WATCH_PATH).toBe(WATCH_PATH);
    expect(restated.FORCE_MOBILE_PARAM).toBe(FORCE_MOBILE_PARAM);
    expect(restated.ACCESS_TOKEN_HEADER).toBe(ACCESS_TOKEN_HEADER);
    expect(restated.VIEW_EVENTS_MAX_PER_BATCH).toBe(VIEW_EVENTS_MAX_PER_BATCH);
    expect(restated.VIEW_EVENTS_MAX_BYTES).toBe(VIEW_EVENTS_MAX_BYTES);
  });

  it('takes the session ids core takes, and only those', () => {
    const events = [{ type: 'start', at: 0 }];
    for (const session of [
      'a'.repeat(15),
      'a'.repeat(16),
      'a'.repeat(64),
      'a'.repeat(65),
      'ab+/'.repeat(5),
      'Az09_-'.repeat(3),
    ]) {
      expect(restated.VIEW_SESSION_PATTERN.test(session), session).toBe(
        viewEventsSchema.safeParse({ session, events }).success,
      );
    }
  });

  it('keeps zod out of the page: values come from core’s zod-free modules only', () => {
    const files = (readdirSync(path.dirname(import.meta.filename), { recursive: true }) as string[])
      .filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test/'),
      )
      .map((file) => path.join(path.dirname(import.meta.filename), file));
    const valueImports = files.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /^import (?!type\b)[^;]*from '(@plotline\/core[^']*|zod)'/gm,
        ),
      ]
        .map((match) => match[1])
        .filter((source) => source !== '@plotline/core/banner-kinds')
        .map((source) => `${path.basename(file)}: ${source}`),
    );
    expect(valueImports).toEqual([]);
  });
});
