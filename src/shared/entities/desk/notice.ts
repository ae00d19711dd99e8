import { defineEntity } from '../define.ts';

/** Longest stored content (sanitised HTML). */
export const NOTICE_CONTENT_MAX = 200_000;

/**
 * 通知公告 (contract resource-desk-log.md §5): rich text published to the whole tenant (no department and no role
 * named) or to the named departments (with their sub-departments) and roles, visible to them from its release time;
 * its author and the tenant's administrators see it always, and only they change or remove it.
 */
export const notice = defineEntity({
  name: 'notice',
  service: 'blade-desk',
  table: 'blade_notice',
  label: { zh: '通知公告', en: 'Notice' },
  code: 'notice',
  tenant: true,
  audit: true,
  display: 'title',
  fields: {
    title: {
      type: 'string',
      max: 255,
      search: 'like',
      list: true,
      form: true,
      filter: true,
      label: { zh: '通知标题', en: 'Title' },
      required: { zh: '请输入通知标题', en: 'Please enter the title' },
    },
    category: {
      type: 'int',
      dict: 'notice',
      list: true,
      form: true,
      filter: true,
      label: { zh: '通知类型', en: 'Category' },
      required: { zh: '请选择通知类型', en: 'Please select the category' },
    },
    releaseTime: {
      type: 'datetime',
      list: true,
      form: true,
      label: { zh: '通知时间', en: 'Release time' },
      required: { zh: '请输入通知时间', en: 'Please enter the release time' },
    },
    content: {
      type: 'text',
      max: NOTICE_CONTENT_MAX,
      form: true,
      label: { zh: '通知内容', en: 'Content' },
    },
    deptIds: {
      type: 'ids',
      max: 1000,
      ref: 'dept',
      form: true,
      shows: 'deptName',
      label: { zh: '发布部门', en: 'Departments' },
    },
    roleIds: {
      type: 'ids',
      max: 1000,
      ref: 'role',
      form: true,
      shows: 'roleName',
      label: { zh: '发布角色', en: 'Roles' },
    },
  },
  defaultSort: [
    ['releaseTime', 'desc'],
    ['id', 'desc'],
  ],
});
