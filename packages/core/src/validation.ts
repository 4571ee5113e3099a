/**
 * The spec's basic address pattern: local part, @, domain, a top-level part of `topLevel` letters,
 * case-insensitive. Case-insensitive by its classes, not by the `i` flag: the OpenAPI document
 * carries a pattern's source without its flags, and a client checking a lowercase address against
 * the documented schema must find it valid. An empty value passes it; emptiness is the `Required`
 * rule's business.
 */
function emailPattern(topLevel: '{2,4}' | '{2,}'): RegExp {
  return new RegExp(`^$|^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]${topLevel}$`);
}

export const EMAIL_PATTERN = emailPattern('{2,4}');

export const PASSWORD_MIN_LENGTH = 8;

/**
 * Sign-in only looks an existing account up, so it takes any top-level part of two letters or more:
 * the default root address admin@plotline.local must be able to sign in (docs/decisions/0001).
 */
export const SIGN_IN_EMAIL_PATTERN = emailPattern('{2,}');

/**
 * A stored link a viewer may follow (a banner's target): an absolute `http:` or `https:` address
 * with a host and no credentials. Nothing else is a web link: `javascript:`, `data:`, `vbscript:`,
 * relative paths. Checked on the text as typed, since `URL` quietly drops tabs and line breaks
 * (`java\tscript:` is `javascript:` to it), and then parsed.
 */
export function isWebUrl(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters and spaces are what is refused
  if (!/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}
