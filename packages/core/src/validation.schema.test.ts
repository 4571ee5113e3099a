import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { emailSchema, signInEmailSchema, webUrlSchema } from './validation.schema.ts';
import { EMAIL_PATTERN, isWebUrl, SIGN_IN_EMAIL_PATTERN } from './validation.ts';

function emailError(value: unknown): string | undefined {
  const result = emailSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('email validation', () => {
  it.each(['a@b.co', 'First.Last+tag@sub.example.COM', 'x_y%z@host-1.info', ' a@b.io '])(
    'accepts %s',
    (value) => {
      expect(emailError(value)).toBeUndefined();
    },
  );

  it.each(['plain', 'a@b', 'a@b.c', 'a@b.abcde', 'a b@c.de', '@c.de', 'a@.de1'])(
    'rejects %s as Invalid email',
    (value) => {
      expect(emailError(value)).toBe('Invalid email');
    },
  );

  it.each([null, undefined, '', '   '])('requires a value (%s)', (value) => {
    expect(emailError(value)).toBe('Required');
  });

  it('lets an empty value pass the pattern itself', () => {
    expect(EMAIL_PATTERN.test('')).toBe(true);
  });

  // JSON Schema (the OpenAPI document) keeps a pattern's source and drops its flags.
  it.each([
    ['EMAIL_PATTERN', EMAIL_PATTERN, 'ann@studio.com'],
    ['SIGN_IN_EMAIL_PATTERN', SIGN_IN_EMAIL_PATTERN, 'admin@plotline.local'],
  ])('keeps %s case-insensitive without its flags', (_name, pattern, address) => {
    const documented = new RegExp(pattern.source);
    expect(documented.test(address)).toBe(true);
    expect(documented.test(address.toUpperCase())).toBe(true);
  });
});

describe('sign-in email validation', () => {
  const signInError = (value: unknown) => {
    const result = signInEmailSchema.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('accepts the default root address, whose top-level part is longer than four letters', () => {
    expect(emailError('admin@plotline.local')).toBe('Invalid email');
    expect(signInError('admin@plotline.local')).toBeUndefined();
  });

  it.each(['plain', 'a@b', 'a@b.c', 'a b@c.de'])('still rejects %s', (value) => {
    expect(signInError(value)).toBe('Invalid email');
  });

  it('still requires a value', () => {
    expect(signInError('')).toBe('Required');
  });
});

describe('web links', () => {
  const linkError = (value: string) => {
    const result = webUrlSchema(2000).safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each([
    'https://example.com',
    'http://example.com/page?q=1#top',
    'HTTPS://Example.com/a%20b',
    'https://bücher.example/',
    'http://127.0.0.1:8080/x',
    '',
  ])('accepts %j', (value) => {
    expect(linkError(value)).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    '//example.com/page',
    '/relative/page',
    'example.com',
    'https://',
    'https:example.com',
    'https://user:secret@example.com',
    'https://exa mple.com',
    'https://example.com/\npage',
  ])('refuses %j', (value) => {
    expect(linkError(value)).toBe(MESSAGES.webUrlFormat);
    expect(isWebUrl(value.trim())).toBe(false);
  });

  it('trims the link and bounds its length', () => {
    expect(webUrlSchema(2000).parse('  https://example.com  ')).toBe('https://example.com');
    expect(linkError(`https://example.com/${'a'.repeat(2000)}`)).toMatch(/2000/);
  });
});
