import { defineEntity } from '../define.ts';
import { plantField, workshopField } from './plant-fields.ts';
import { PHONE_PATTERNS } from '../system/user.ts';
import { LINE_IN_USE } from './line.ts';

/**
 * A worker (作业员, domain/production.md): a shop-floor operator (direct labour) of a company's workshop, on one of
 * its lines; operators have no login (staff are employees). Leaving needs the leaving date, never before joining.
 */
export const worker = defineEntity({
  name: 'worker',
  service: 'blade-system',
  table: 'erp_worker',
  label: { zh: '作业员', en: 'Worker' },
  code: 'worker',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'workerName',
  keyword: ['workerNo', 'workerName'],
  fields: {
    workerNo: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '工号', en: 'Badge no.' },
      required: true,
    },
    workerName: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      filter: true,
      label: { zh: '姓名', en: 'Name' },
      required: true,
    },
    sex: { type: 'int', dict: 'sex', list: true, form: true, label: { zh: '性别', en: 'Gender' }, required: true },
    orgId: plantField,
    // Lists also carry the workshop's name as `workshopName` (the production module's hook).
    workshopType: workshopField,
    lineId: {
      type: 'id',
      nullable: true,
      ref: 'line',
      inUse: LINE_IN_USE,
      within: {
        match: { orgId: 'orgId', workshopType: 'workshopType' },
        message: { zh: '产线与车间不匹配', en: 'The line is not in the selected workshop' },
      },
      list: true,
      form: true,
      filter: true,
      label: { zh: '所属产线', en: 'Line' },
    },
    postId: { type: 'id', nullable: true, ref: 'post', list: true, form: true, label: { zh: '岗位', en: 'Post' } },
    skillLevel: {
      type: 'string',
      max: 32,
      bizDict: 'skill_level',
      list: true,
      form: true,
      label: { zh: '技能等级', en: 'Skill level' },
    },
    employmentType: {
      type: 'string',
      max: 32,
      bizDict: 'employment_type',
      list: true,
      form: true,
      label: { zh: '用工类型', en: 'Employment type' },
      required: true,
    },
    phone: {
      type: 'string',
      max: 11,
      pattern: PHONE_PATTERNS,
      list: true,
      form: true,
      label: { zh: '手机号码', en: 'Mobile' },
    },
    entryDate: {
      type: 'date',
      list: true,
      form: true,
      label: { zh: '入职日期', en: 'Date of joining' },
      required: true,
    },
    leaveDate: {
      type: 'date',
      nullable: true,
      requiredWhen: { field: 'workerStatus', values: ['2'] },
      notBefore: {
        field: 'entryDate',
        message: { zh: '离职日期不能早于入职日期', en: 'The leaving date cannot be before the date of joining' },
      },
      form: true,
      label: { zh: '离职日期', en: 'Date of leaving' },
    },
    workerStatus: {
      type: 'string',
      max: 32,
      bizDict: 'employee_status',
      default: '1',
      list: true,
      form: true,
      filter: true,
      label: { zh: '在职状态', en: 'Employment status' },
      required: true,
    },
  },
  defaultSort: [['workerNo', 'asc']],
});
