import { defineEntity } from '../define.ts';
import { LINE_IN_USE } from './line.ts';

/**
 * A station (工位, domain/production.md): one work position on a line (OP10 落料, OP20 冲孔 …). Its code is unique on
 * its line; its group must be of the line's company; its type defaults from the group in the form. The server keeps
 * the line's company and workshop on the row, so lists name them and search by them without a join.
 */
export const station = defineEntity({
  name: 'station',
  service: 'blade-system',
  table: 'erp_station',
  label: { zh: '工位', en: 'Station' },
  code: 'station',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'stationName',
  keyword: ['stationCode', 'stationName'],
  fields: {
    stationCode: {
      type: 'string',
      max: 32,
      unique: { scope: ['lineId'] },
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位编码', en: 'Station code' },
      required: true,
    },
    stationName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位名称', en: 'Station name' },
      required: true,
    },
    lineId: {
      type: 'id',
      ref: 'line',
      inUse: LINE_IN_USE,
      list: true,
      form: true,
      filter: true,
      label: { zh: '所属产线', en: 'Line' },
      required: true,
    },
    groupId: {
      type: 'id',
      nullable: true,
      ref: 'stationgroup',
      inUse: { zh: '该工位组下存在工位，不能删除', en: 'The station group has stations and cannot be deleted' },
      within: {
        match: { orgId: 'orgId' },
        message: { zh: '工位组与产线不属于同一工厂', en: 'The station group and the line belong to different plants' },
      },
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位组', en: 'Station group' },
    },
    operationNo: { type: 'string', max: 16, list: true, form: true, label: { zh: '工序号', en: 'Operation no.' } },
    operationName: { type: 'string', max: 64, list: true, form: true, label: { zh: '工序名称', en: 'Operation' } },
    stationType: {
      type: 'string',
      max: 32,
      bizDict: 'station_type',
      fillFrom: { ref: 'groupId', field: 'stationType' },
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位类型', en: 'Station type' },
      required: true,
    },
    sequence: {
      type: 'int',
      range: { min: 1 },
      list: true,
      form: true,
      label: { zh: '顺序', en: 'Sequence' },
      required: true,
    },
    // "> 0" on a two-decimal column: the smallest value it can hold is 0.01.
    standardTime: {
      type: 'decimal',
      nullable: true,
      range: { min: 0.01 },
      list: true,
      form: true,
      label: { zh: '标准工时(秒)', en: 'Standard time (s)' },
    },
    headcount: {
      type: 'int',
      nullable: true,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '定员(人)', en: 'Staffing' },
    },
    remark: { type: 'string', max: 255, control: 'textarea', form: true, label: { zh: '备注', en: 'Remarks' } },
    // The line's company and workshop, saved from the line on every write (lists: orgName, workshopTypeName).
    orgId: {
      type: 'string',
      max: 64,
      company: true,
      readonly: true,
      copyFrom: { ref: 'lineId', field: 'orgId' },
      list: true,
      label: { zh: '所属工厂', en: 'Company / plant' },
    },
    workshopType: {
      type: 'string',
      max: 32,
      bizDict: 'workshop_type',
      readonly: true,
      copyFrom: { ref: 'lineId', field: 'workshopType' },
      list: true,
      label: { zh: '所属车间', en: 'Workshop' },
    },
  },
  defaultSort: [
    ['lineId', 'asc'],
    ['sequence', 'asc'],
  ],
});
