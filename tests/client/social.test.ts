// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { registrationProblem, type GuestRegistration } from '../../src/client/social.ts';

const filled: GuestRegistration = {
  tenantId: '000000',
  name: 'Dora',
  account: 'dora',
  password: 'pw1',
  password2: 'pw1',
};
const problemOf = (changes: Partial<GuestRegistration>) => {
  const found = registrationProblem({ ...filled, ...changes });
  return found && `${found.field}: ${found.message.zh}`;
};

describe('the guest registration’s checks (spec §5), shared by the desktop dialog and the phone form', () => {
  it('names the first problem in the spec’s order, with its field', () => {
    const empty = { tenantId: ' ', account: '', password: '', password2: '' };
    expect(problemOf(empty)).toBe('tenantId: 请先输入租户编号');
    expect(problemOf({ ...empty, tenantId: '000000' })).toBe('account: 请先输入账号名称');
    expect(problemOf({ password: '', password2: '' })).toBe('password: 请先输入密码');
    expect(problemOf({ password2: '' })).toBe('password2: 请先输入密码');
    expect(problemOf({ password2: 'pw2' })).toBe('password2: 两次密码输入不一致');
    expect(problemOf({ account: '   ' })).toBe('account: 请先输入账号名称');
  });

  it('passes a complete form (the name may be left empty: the provider’s name is used)', () => {
    expect(problemOf({})).toBeUndefined();
    expect(problemOf({ name: '' })).toBeUndefined();
  });
});
