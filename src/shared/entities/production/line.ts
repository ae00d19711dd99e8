import { defineEntity } from '../define.ts';
import { plantField, workshopField } from './plant-fields.ts';
import { partnerFields } from '../masterdata/partner-fields.ts';

/** The refusal of deleting a line while stations, devices or workers point at it (every such field's `inUse`). */
export const LINE_IN_USE = {
  zh: '该产线下存在工位/设备/作业员，不能删除',
  en: 'The line has stations, devices or workers and cannot be deleted',
};

/**
 * A production line (产线, domain/production.md) in a workshop of a company: 冲压A线, 前门总成焊装线. Lists count its
 * live stations; it cannot be deleted while stations, devices or workers are on it.
 */
export const line = defineEntity({
  name: 'line',
  service: 'blade-system',
  table: 'erp_line',
  label: { zh: '产线', en: 'Line' },
  code: 'line',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'lineName',
  keyword: ['lineCode', 'lineName'],
  fields: {
    lineCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '产线编码', en: 'Line code' },
      required: true,
    },
    lineName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '产线名称', en: 'Line name' },
      required: true,
    },
    orgId: plantField,
    workshopType: workshopField,
    lineType: {
      type: 'string',
      max: 32,
      bizDict: 'line_type',
      list: true,
      form: true,
      filter: true,
      label: { zh: '产线类型', en: 'Line type' },
      required: true,
    },
    // "> 0" on a two-decimal column: the smallest value it can hold is 0.01.
    taktTime: {
      type: 'decimal',
      nullable: true,
      range: { min: 0.01 },
      list: true,
      form: true,
      label: { zh: '节拍(秒)', en: 'Takt time (s)' },
    },
    designCapacity: {
      type: 'decimal',
      nullable: true,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '设计产能(件/小时)', en: 'Design capacity (pcs/h)' },
    },
    shiftsPerDay: {
      type: 'int',
      default: 2,
      range: { min: 1, max: 3 },
      list: true,
      form: true,
      label: { zh: '班次数', en: 'Shifts per day' },
    },
    leaderId: {
      type: 'id',
      nullable: true,
      ref: 'employee',
      list: true,
      form: true,
      label: { zh: '线长', en: 'Line leader' },
    },
    stationCount: {
      type: 'int',
      list: true,
      label: { zh: '工位数', en: 'Stations' },
      derive: { aggregate: { entity: 'station', via: 'lineId', fn: 'count' } },
    },
    remark: { type: 'string', max: 255, control: 'textarea', form: true, label: { zh: '备注', en: 'Remarks' } },
    status: { ...partnerFields.status },
  },
  defaultSort: [['lineCode', 'asc']],
});
