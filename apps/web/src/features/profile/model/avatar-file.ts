import { AVATAR_MAX_BYTES, AVATAR_TYPES, MESSAGES } from '@plotline/core';

/** Why a picked file cannot be an avatar, checked before sending it; none when it can. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return MESSAGES.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  return undefined;
}
