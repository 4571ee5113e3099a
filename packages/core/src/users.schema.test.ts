import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { registerFormSchema } from './users.schema.ts';

const messagesOf = (input: unknown) =>
  registerFormSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('registerFormSchema', () => {
  it('reports a differing retype while the other fields are still empty', () => {
    const blank = { username: '', email: '', password: 'correct horse' };
    expect(messagesOf({ ...blank, retype: 'correct' })).toContainEqual([
      'retype',
      MESSAGES.passwordsDontMatch,
    ]);
    expect(messagesOf({ ...blank, retype: 'correct horse' }).map(([path]) => path)).not.toContain(
      'retype',
    );
  });

  it('takes a whole form, the retype matching', () => {
    const form = {
      username: ' Ayu ',
      email: 'ayu@plotline.test',
      password: 'correct horse',
      retype: 'correct horse',
      terms: true,
    };
    expect(registerFormSchema.parse(form)).toEqual({ ...form, username: 'Ayu' });
    expect(messagesOf({ ...form, retype: 'correct horses' })).toEqual([
      ['retype', MESSAGES.passwordsDontMatch],
    ]);
  });
});
