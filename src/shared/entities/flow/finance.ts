import { REQUEST_STATUS } from '../../flow/types.ts';
import { defineEntity } from '../define.ts';
import { REQUEST_FIELDS } from './request-fields.ts';
import { ATTACHMENTS_FIELD } from '../attachments-field.ts';

const AMOUNT_INVALID = { zh: '请输入正确的金额', en: 'Please enter a valid amount' };

/** A fund approval request (资金审批, contract flow.md §6): its process decides on the amount. */
export const finance = defineEntity({
  name: 'finance',
  service: 'blade-desk',
  table: 'blade_process_finance',
  label: { zh: '资金审批', en: 'Fund approval' },
  code: 'work_start',
  tenant: true,
  audit: true,
  fields: {
    ...REQUEST_FIELDS,
    title: {
      type: 'string',
      max: 255,
      form: true,
      label: { zh: '标题', en: 'Title' },
      required: { zh: '请输入标题', en: 'Please enter the title' },
      placeholder: { zh: '请输入标题', en: 'Enter the title' },
    },
    // A positive amount with at most two decimals.
    amount: {
      type: 'money',
      form: true,
      label: { zh: '金额', en: 'Amount' },
      required: AMOUNT_INVALID,
      pattern: [
        { regex: '^\\d{1,16}(\\.\\d{1,2})?$', message: AMOUNT_INVALID },
        { regex: '[1-9]', message: AMOUNT_INVALID },
      ],
      placeholder: { zh: '请输入金额(元)', en: 'Amount (yuan)' },
    },
    reason: {
      type: 'string',
      max: 255,
      form: true,
      control: 'textarea',
      label: { zh: '用途', en: 'Purpose' },
      required: { zh: '请输入用途', en: 'Please enter what the funds are for' },
      placeholder: { zh: '请输入用途', en: 'Enter what the funds are for' },
    },
    attach: ATTACHMENTS_FIELD,
  },
  defaultSort: [
    ['createTime', 'desc'],
    ['id', 'desc'],
  ],
  approval: {
    kind: 'finance',
    start: { by: 'form' },
    status: REQUEST_STATUS,
    variables: ['amount'],
    summary: ['title', 'amount'],
    aliases: { useFor: 'reason' },
  },
});
