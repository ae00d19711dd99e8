import { defineEntity } from '../define.ts';
import { COMPANY_FIELD, yearField } from '../month-row.ts';

/** `fee_base` (domain/README.md §4.2): what the rate is applied to. */
export const FEE_BASE = { revenue: '1', totalProfit: '2' } as const;

/**
 * 集团管理费 (domain/budget.md §5.7): the share of a company's base, its revenue by default, that the group retains as
 * management fee for a year, per business unit and company. The rate is a fraction typed and shown as a percentage.
 * Lists add the fee it comes to from the company's finance statistics of the year (`feeAmount`,
 * modules/budget/retention.hooks.ts).
 */
export const retention = defineEntity({
  name: 'retention',
  service: 'blade-system',
  table: 'erp_retention',
  label: { zh: '集团管理费', en: 'Group management fee' },
  code: 'retention',
  tenant: true,
  audit: true,
  dataScope: true,
  fields: {
    year: yearField({ zh: '年度', en: 'Year' }),
    deptId: {
      type: 'id',
      ref: 'dept',
      businessUnit: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '事业部', en: 'Business unit' },
      required: true,
    },
    orgId: {
      ...COMPANY_FIELD,
      required: true,
      unique: {
        scope: ['year'],
        message: {
          zh: '该公司本年度管理费比例已设置',
          en: 'The management fee rate of this company for the year is already set',
        },
      },
    },
    totalAmount: {
      type: 'decimal',
      percent: true,
      range: { min: 0, max: 1 },
      list: true,
      form: true,
      label: { zh: '管理费比例', en: 'Management fee rate' },
      required: { zh: '请输入管理费比例', en: 'Please enter the management fee rate' },
    },
    feeBase: {
      type: 'string',
      max: 32,
      bizDict: 'fee_base',
      default: FEE_BASE.revenue,
      list: true,
      form: true,
      label: { zh: '计提基数', en: 'Fee base' },
    },
    feeAmount: {
      type: 'money',
      nullable: true,
      list: true,
      label: { zh: '预计管理费', en: 'Estimated fee' },
      derive: { byModule: true },
    },
    remark: { type: 'string', max: 255, list: true, form: true, label: { zh: '备注', en: 'Remarks' } },
  },
  // No menu column (budget.md §5.7): add from the toolbar, edit on double-click, delete the selected rows.
  screen: { hideRowActions: true, openOnDoubleClick: true },
  defaultSort: [
    ['year', 'desc'],
    ['orgId', 'asc'],
  ],
});
