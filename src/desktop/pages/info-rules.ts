import type { RuleObject } from 'antd/es/form';

/** Avatar (spec §5): jpg/png, at most 500 KB. */
export const AVATAR_MAX_BYTES = 500 * 1024;
export type AvatarProblem = 'avatarType' | 'avatarSize';

export function avatarProblem(file: { type?: string; size?: number }): AvatarProblem | undefined {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'avatarType';
  if ((file.size ?? 0) > AVATAR_MAX_BYTES) return 'avatarSize';
  return undefined;
}

/** A form rule from a check returning a message, or undefined when the value is fine. */
export const ruleOf = (check: (value: unknown) => string | undefined): RuleObject => ({
  validator: (_rule, value) => {
    const message = check(value);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});
