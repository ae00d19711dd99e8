import { defineEntity, greaterThanZero } from '../define.ts';
import type { LocalText } from '../../i18n/server-messages.ts';
import { netValueOf } from './depreciation.ts';

/** 计提折旧: the monthly run recording a period's depreciation of a company's assets. */
export const FIXEDLEDGER_DEPRECIATE = 'fixedledger_depreciate';

/** 折旧年限(月) by `asset_category` when none is entered (domain/finance.md § fixedledger). */
export const USEFUL_LIFE_BY_CATEGORY: Readonly<Record<string, number>> = {
  '1': 240, // 房屋及建筑物
  '2': 120, // 机器设备
  '3': 48, // 运输设备
  '4': 36, // 电子设备
  '5': 60, // 办公设备
  '6': 60, // 模具工装
};

/** Methods 2–4 (双倍余额递减法, 年数总和法, 工作量法): their monthly and accumulated figures are entered. */
export const ENTERED_METHODS = ['2', '3', '4'] as const;

export const ACCUMULATED_OVER_CAP: LocalText = {
  zh: '累计折旧不能大于原值×(1−残值率)',
  en: 'The accumulated depreciation cannot exceed the original cost × (1 − residual rate)',
};

/**
 * 固定资产台账 (domain/finance.md § fixedledger): one asset card. The straight line's monthly and accumulated
 * depreciation are the server's (当月增加当月不计提, capped at the depreciable amount, frozen at `stopMonth` once the
 * asset is scrapped or disposed), worked out in the tenant's current month whenever the card is read
 * (modules/finance/fixed-asset.hooks.ts); methods 2–4 take them as entered. A card linked to a device (`deviceId`)
 * and the device's `assetCode` name each other: a write of either side sets the other.
 */
export const fixedAsset = defineEntity({
  name: 'fixedledger',
  service: 'blade-system',
  table: 'erp_fixed_ledger',
  label: { zh: '固定资产', en: 'Fixed asset' },
  code: 'fixedledger',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'assetName',
  keyword: ['assetCode', 'assetName'],
  // Devices name their card by its number, as the books do.
  refKey: 'assetCode',
  fields: {
    assetCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '资产编号', en: 'Asset no.' },
      required: true,
    },
    assetName: {
      type: 'string',
      max: 128,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '资产名称', en: 'Asset name' },
      required: true,
    },
    assetCategory: {
      type: 'string',
      max: 32,
      bizDict: 'asset_category',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '资产类别', en: 'Asset category' },
      required: true,
    },
    spec: { type: 'string', max: 128, list: true, form: true, export: true, label: { zh: '规格型号', en: 'Model' } },
    orgId: {
      type: 'string',
      max: 64,
      company: true,
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '所属公司', en: 'Company' },
      required: true,
    },
    deptId: {
      type: 'id',
      nullable: true,
      ref: 'dept',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '使用部门', en: 'User department' },
    },
    location: { type: 'string', max: 128, form: true, export: true, label: { zh: '存放地点', en: 'Location' } },
    custodian: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      export: true,
      label: { zh: '保管人', en: 'Custodian' },
    },
    purchaseDate: {
      type: 'date',
      nullable: true,
      form: true,
      export: true,
      label: { zh: '购置日期', en: 'Purchase date' },
    },
    startUseDate: {
      type: 'date',
      notBefore: {
        field: 'purchaseDate',
        message: { zh: '开始使用日期不能早于购置日期', en: 'The in-service date cannot be before the purchase date' },
      },
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '开始使用日期', en: 'In-service date' },
      required: true,
    },
    originalValue: {
      type: 'money',
      pattern: greaterThanZero('原值', 'The original cost'),
      list: true,
      form: true,
      export: true,
      label: { zh: '原值', en: 'Original cost' },
      required: true,
    },
    // 0 ≤ x < 1: the column's six decimals make 99.9999% the largest rate short of 100%.
    salvageRate: {
      type: 'decimal',
      percent: true,
      default: 0.05,
      range: { min: 0, max: 0.999999 },
      list: true,
      form: true,
      export: true,
      label: { zh: '残值率', en: 'Residual rate' },
      required: true,
    },
    // Blank takes the category's life (USEFUL_LIFE_BY_CATEGORY).
    usefulLifeMonths: {
      type: 'int',
      range: { min: 1 },
      list: true,
      form: true,
      export: true,
      label: { zh: '折旧年限(月)', en: 'Useful life (months)' },
      required: true,
    },
    depreciationMethod: {
      type: 'string',
      max: 32,
      bizDict: 'depreciation_method',
      default: '1',
      list: true,
      form: true,
      export: true,
      label: { zh: '折旧方法', en: 'Depreciation method' },
      required: true,
    },
    // Methods 2–4: entered. The straight line's: worked out (whatever a client sends).
    monthlyDepreciation: {
      type: 'money',
      range: { min: 0 },
      enteredWhen: { field: 'depreciationMethod', values: ENTERED_METHODS },
      requiredWhen: { field: 'depreciationMethod', values: ENTERED_METHODS },
      list: true,
      form: true,
      export: true,
      label: { zh: '月折旧额', en: 'Monthly depreciation' },
    },
    accumulatedDepreciation: {
      type: 'money',
      range: { min: 0 },
      enteredWhen: { field: 'depreciationMethod', values: ENTERED_METHODS },
      requiredWhen: { field: 'depreciationMethod', values: ENTERED_METHODS },
      list: true,
      form: true,
      export: true,
      label: { zh: '累计折旧', en: 'Accumulated depreciation' },
    },
    impairment: {
      type: 'money',
      range: { min: 0 },
      form: true,
      export: true,
      label: { zh: '减值准备', en: 'Impairment' },
    },
    netValue: {
      type: 'money',
      list: true,
      export: true,
      label: { zh: '净值', en: 'Net book value' },
      derive: {
        compute: (r) =>
          netValueOf({
            originalValue: Number(r.originalValue ?? 0),
            accumulatedDepreciation: Number(r.accumulatedDepreciation ?? 0),
            impairment: Number(r.impairment ?? 0),
          }),
      },
    },
    // The device's `assetCode` follows (modules/finance/fixed-asset-device.ts).
    deviceId: {
      type: 'id',
      nullable: true,
      ref: 'device',
      list: true,
      form: true,
      export: true,
      label: { zh: '关联设备', en: 'Linked equipment' },
    },
    assetStatus: {
      type: 'string',
      max: 32,
      bizDict: 'asset_status',
      default: '1',
      list: true,
      form: true,
      filter: true,
      export: true,
      label: { zh: '资产状态', en: 'Status' },
      required: true,
    },
    // The month the asset was scrapped or disposed of (yyyy-MM), set by the server when its status moves to 5 or 6.
    stopMonth: {
      type: 'string',
      max: 7,
      readonly: true,
      list: true,
      export: true,
      label: { zh: '停止折旧月份', en: 'Depreciation stopped' },
    },
    remark: { type: 'string', max: 255, control: 'textarea', form: true, label: { zh: '备注', en: 'Remarks' } },
  },
  // 报废 and 已处置 end a card's life: a disposed asset is gone, a scrapped one may still be disposed of.
  states: {
    field: 'assetStatus',
    initial: ['1', '2', '3', '4', '5', '6'],
    next: {
      '1': ['2', '3', '4', '5', '6'],
      '2': ['1', '3', '4', '5', '6'],
      '3': ['1', '2', '4', '5', '6'],
      '4': ['1', '2', '3', '5', '6'],
      '5': ['6'],
    },
  },
  sums: ['originalValue', 'accumulatedDepreciation', 'netValue'],
  screen: { leadColumns: ['assetCode', 'assetName'], dialogWidth: 960 },
  defaultSort: [
    ['assetCode', 'asc'],
    ['id', 'desc'],
  ],
});
