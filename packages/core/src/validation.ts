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
