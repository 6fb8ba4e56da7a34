import { imageProblem } from '../../crud/upload';

const AVATAR_MESSAGES = { type: 'common.avatarType', size: 'common.avatarSize' } as const;

/** Whether a file may be an avatar: jpg or png, at most 500kb (spec §5); answers the message key of the problem. */
export function avatarProblem(file: { type: string; size: number }): string | undefined {
  const problem = imageProblem(file);
  return problem && AVATAR_MESSAGES[problem];
}
