const AVATAR_MAX_BYTES = 500 * 1024;

/** Whether a file may be an avatar: jpg or png, at most 500kb (spec §5); answers the message key of the problem. */
export function avatarProblem(file: { type: string; size: number }): string | undefined {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return 'common.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'common.avatarSize';
  return undefined;
}
