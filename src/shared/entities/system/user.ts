import type { LocalText } from '../../i18n/server-messages.ts';
import { defineEntity, patternProblem, type Pattern } from '../define.ts';

/**
 * Mobile numbers (spec §5), one rule for the user dialog, the profile page and the server: blank (where required),
 * then the length of 11, then a mainland mobile number.
 */
export const PHONE_MESSAGES = {
  required: { zh: '手机号码不能为空', en: 'Please enter the mobile number' },
  length: { zh: '手机号码长度不为11位', en: 'The mobile number must have 11 digits' },
  format: { zh: '手机号码格式不正确', en: 'The mobile number is not valid' },
} as const;
export const PHONE_PATTERNS = [
  { regex: '^.{11}$', message: PHONE_MESSAGES.length },
  { regex: '^1[3-9]\\d{9}$', message: PHONE_MESSAGES.format },
] as const satisfies readonly Pattern[];

/** What is wrong with a typed mobile number, or undefined. */
export function phoneProblem(raw: unknown, required: boolean): LocalText | undefined {
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text === '') return required ? PHONE_MESSAGES.required : undefined;
  return patternProblem({ pattern: PHONE_PATTERNS }, text);
}

/** The user screen's own buttons (menus.md): 角色配置, 密码重置, 账号解封. */
export const USER_ROLE = 'user_role';
export const USER_RESET = 'user_reset';
export const USER_UNLOCK = 'user_unlock';

/**
 * An account awaiting an administrator's approval (待审核): a social login's guest registered it
 * (user/register-guest) and nobody has given it a role yet. Derived, not stored: every other way to an account
 * (user/submit and import, Saber's user.vue) requires roles, user/grant requires one, a role held by users cannot be
 * removed and user/update cannot empty the list; so "no role" is exactly "registered, not approved", and approval is
 * whichever grant gives roles (审核, 角色配置, the edit dialog). A stored flag would be a second truth that a grant
 * through another path leaves stale. The server filters on the same rule (`awaiting=1`, system/user.service.ts).
 */
export const awaitingApproval = (record: Readonly<Record<string, unknown>>) =>
  String(record.roleId ?? '').trim() === '';
/** The list's query key that keeps only accounts awaiting approval. */
export const AWAITING_QUERY = 'awaiting';

/**
 * Users (blade_user, contract system.md §1-2). The password column holds argon2id of md5(plain): it is never sent,
 * only accepted (as plain text) when a user is created; role/dept/post are comma-joined id lists.
 */
export const user = defineEntity({
  name: 'user',
  service: 'blade-system',
  table: 'blade_user',
  label: { zh: '用户', en: 'User' },
  code: 'user',
  tenant: true,
  audit: true,
  dataScope: true,
  affectsSessions: true,
  // A person is named by his real name wherever a document points at him (经办人, 审核人).
  display: 'realName',
  // Its module serves the Excel routes (the department filter, roles and posts by name, password defaults).
  excel: {
    file: { zh: '用户数据', en: 'Users' },
    template: { zh: '用户数据模板', en: 'User import template' },
    import: true,
  },
  moduleRoutes: ['excel'],
  fields: {
    account: {
      type: 'string',
      max: 45,
      list: true,
      form: true,
      export: true,
      filter: true,
      search: 'like',
      label: { zh: '登录账号', en: 'Account' },
      required: { zh: '请输入登录账号', en: 'Please enter the account' },
      // Login trims what is typed: an account with blanks could never sign in.
      pattern: { regex: '^\\S+$', message: { zh: '登录账号不能包含空格', en: 'The account cannot contain spaces' } },
      unique: { scope: [], message: { zh: '当前账号已被使用!', en: 'The account is already in use!' } },
    },
    password: {
      type: 'string',
      max: 255,
      form: true,
      control: 'password',
      secret: true,
      label: { zh: '密码', en: 'Password' },
      required: { zh: '请输入密码', en: 'Please enter the password' },
    },
    name: { type: 'string', max: 20, list: true, form: true, export: true, label: { zh: '用户昵称', en: 'Nickname' } },
    realName: {
      type: 'string',
      max: 10,
      list: true,
      form: true,
      export: true,
      filter: true,
      search: 'like',
      label: { zh: '用户姓名', en: 'Real name' },
      required: { zh: '请输入用户姓名', en: 'Please enter the real name' },
    },
    avatar: { type: 'string', max: 2000, label: { zh: '头像', en: 'Avatar' } },
    email: {
      type: 'string',
      max: 45,
      form: true,
      export: true,
      label: { zh: '电子邮箱', en: 'Email' },
    },
    phone: {
      type: 'string',
      max: 45,
      list: true,
      form: true,
      export: true,
      filter: true,
      search: 'like',
      label: { zh: '手机号码', en: 'Mobile' },
      pattern: PHONE_PATTERNS,
    },
    // The user's choice (个人信息, or an administrator's in the user dialog): an SMS to the phone above for each new
    // workflow task, through the tenant's enabled SMS config (modules/resource/task-sms.ts).
    smsTask: {
      type: 'switch',
      default: 0,
      form: true,
      label: { zh: '新待办短信提醒', en: 'SMS for new tasks' },
    },
    birthday: {
      type: 'date',
      wireTime: true,
      nullable: true,
      form: true,
      export: true,
      label: { zh: '生日', en: 'Birthday' },
    },
    sex: {
      type: 'int',
      nullable: true,
      dict: 'sex',
      list: true,
      form: true,
      export: true,
      label: { zh: '性别', en: 'Sex' },
    },
    roleId: {
      type: 'ids',
      max: 1000,
      list: true,
      form: true,
      ref: 'role',
      export: true,
      shows: 'roleName',
      label: { zh: '所属角色', en: 'Roles' },
      required: { zh: '请选择所属角色', en: 'Please select the roles' },
      inUse: { zh: '当前角色已被用户使用,无法删除!', en: 'The role is held by users and cannot be deleted!' },
    },
    deptId: {
      type: 'ids',
      max: 1000,
      list: true,
      form: true,
      ref: 'dept',
      export: true,
      shows: 'deptName',
      label: { zh: '所属部门', en: 'Departments' },
      required: { zh: '请选择所属部门', en: 'Please select the departments' },
      inUse: { zh: '当前机构下存在用户,无法删除!', en: 'The department still has users and cannot be deleted!' },
    },
    postId: {
      type: 'ids',
      max: 1000,
      form: true,
      ref: 'post',
      export: true,
      shows: 'postName',
      label: { zh: '所属岗位', en: 'Posts' },
    },
    code: {
      type: 'string',
      max: 12,
      form: true,
      export: true,
      search: 'like',
      label: { zh: '用户编号', en: 'User code' },
    },
    userType: {
      type: 'int',
      dict: 'user_type',
      list: true,
      form: true,
      export: true,
      filter: true,
      default: 1,
      label: { zh: '用户平台', en: 'Platform' },
      required: { zh: '请选择用户平台', en: 'Please select the platform' },
    },
  },
  defaultSort: [
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
});
