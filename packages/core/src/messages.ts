/** User-facing texts the spec fixes word for word (§5, §8), plus the server's own auth messages. */
export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email',
  passwordsDontMatch: 'Passwords dont match',
  passwordTooShort: 'Please Input Minimum 8 Character',
  passwordMismatch: 'Password did not match!',
  notFound: 'Oops, page not found',
  serverWentWrong: 'Sorry, the server went wrong',
  somethingWentWrong: 'Oops.. Something went wrong on our server :(',
  changeSaved: 'Change saved!',
  wrongCredentials: 'Wrong email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in {minutes} minutes.',
  accountDisabled: 'This account has been disabled',
  signInRequired: 'Please sign in to continue',
  sessionExpired: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have the right to do this',
  apiNotFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  internalError: 'Internal server error',
} as const;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
