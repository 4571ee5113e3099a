import { describe, expect, it } from 'vitest';
import { embedOriginsSchema } from './embed.schema.ts';
import { MESSAGES } from './messages.ts';

describe('embedOriginsSchema', () => {
  it('refuses an entry of embed_origins by name', () => {
    const refused = embedOriginsSchema.safeParse(['https://ok.example', 'https://a.example;x']);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      `Site "https://a.example;x": ${MESSAGES.embedOriginFormat}`,
    );
    expect(embedOriginsSchema.parse(['https://*.Example.com', ' https://*.example.com/'])).toEqual([
      'https://*.example.com',
    ]);
  });
});
