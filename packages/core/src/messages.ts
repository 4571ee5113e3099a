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
  tooManyRequests: 'Too many requests. Please try again in {after}.',
  signInRequired: 'Please sign in to continue',
  sessionExpired: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have the right to do this',
  apiNotFound: 'Not found',
  resetLinkSentCode: 'LINK.PASSWORD_RESET.SENT',
  resetLinkSent: "Reset link has been sent to Your'e email",
  linkCopied: 'Link copied to clipboard!',
  deleteError: 'Delete error! {message}',
  confirmDelete: 'Delete item, are you sure?',
  confirmAction: 'Are you sure to do this?',
  invalidLink: 'This link is invalid or has expired',
  emailTaken: 'This email is already in use',
  wrongCurrentPassword: 'The current password is wrong',
  passwordAlreadySet: 'This account already has a password',
  roleNotGrantable: 'You cannot give this role',
  notYourself: 'You cannot change your own account here',
  companyDisabled: 'This company has been disabled',
  companyRequired: 'Choose the company to invite into',
  userNotFound: 'User not found',
  companyNotFound: 'Company not found',
  notInvited: 'This user has already accepted the invitation',
  avatarNotImage: 'The avatar must be a PNG, JPEG, WebP or GIF image',
  avatarTooLarge: 'The avatar must be smaller than 5 MB',
  fileMissing: 'Choose a file to upload',
  malformedJson: 'The request body is not valid JSON',
  internalError: 'Internal server error',
} as const;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
