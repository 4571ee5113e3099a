import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.schema.ts';
import { INT4_MAX } from './ids.ts';

describe('idSchema', () => {
  it('takes a JSON integer the int4 columns can hold', () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it('refuses what would overflow a column or be read as another id', () => {
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 2 ** 53, 1e308, '42', true, null]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('idParamSchema', () => {
  it('reads plain decimal digits as the id', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('refuses text Number() would read, and ids past the columns', () => {
    for (const bad of [
      '',
      ' 5',
      '0x10',
      '1e3',
      '-1',
      '1.5',
      '0',
      String(INT4_MAX + 1),
      '9'.repeat(400),
    ]) {
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('is documented as the bounded integer it gives', () => {
    expect(z.toJSONSchema(idParamSchema, { io: 'input' })).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: INT4_MAX,
    });
  });
});
