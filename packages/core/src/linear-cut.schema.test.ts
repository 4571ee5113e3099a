import { describe, expect, it } from 'vitest';
import { linearCutRequestSchema } from './linear-cut.schema.ts';

describe('linearCutRequestSchema', () => {
  it('takes ids and a known language or none, and nothing else', () => {
    expect(linearCutRequestSchema.safeParse({ choices: [3, 4], language_id: 1 }).success).toBe(
      true,
    );
    expect(linearCutRequestSchema.safeParse({ choices: [], language_id: null }).success).toBe(true);
    expect(linearCutRequestSchema.safeParse({ choices: [0], language_id: null }).success).toBe(
      false,
    );
    expect(linearCutRequestSchema.safeParse({ choices: [], language_id: 99 }).success).toBe(false);
    expect(
      linearCutRequestSchema.safeParse({ choices: [], language_id: null, extra: 1 }).success,
    ).toBe(false);
  });
});
