import { addDays } from '../../calendar/working-days.ts';
import { defineEntity } from '../define.ts';
import { plantField } from './plant-fields.ts';
import { LINE_IN_USE } from './line.ts';

/** 停用 and 报废: a device out of service is never overdue for maintenance. */
const IDLE_FOR_GOOD = ['5', '6'];

/**
 * A device (设备, domain/production.md): a production or inspection machine with its place (company, line, station),
 * condition and maintenance cycle. The next maintenance is due `maintainCycleDays` after the last one; a device past
 * it is listed in red.
 */
export const device = defineEntity({
  name: 'device',
  service: 'blade-system',
  table: 'erp_device',
  label: { zh: '设备', en: 'Device' },
  code: 'device',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'deviceName',
  keyword: ['deviceCode', 'deviceName'],
  rowTone: { field: 'maintainOverdue', value: 1, tone: 'danger' },
  fields: {
    deviceCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '设备编号', en: 'Equipment no.' },
      required: true,
    },
    deviceName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '设备名称', en: 'Equipment name' },
      required: true,
    },
    deviceType: {
      type: 'string',
      max: 32,
      bizDict: 'device_type',
      list: true,
      form: true,
      filter: true,
      label: { zh: '设备类别', en: 'Equipment type' },
      required: true,
    },
    model: { type: 'string', max: 64, list: true, form: true, label: { zh: '规格型号', en: 'Model' } },
    manufacturer: { type: 'string', max: 128, form: true, label: { zh: '制造商', en: 'Manufacturer' } },
    serialNo: { type: 'string', max: 64, form: true, label: { zh: '出厂编号', en: 'Serial no.' } },
    orgId: plantField,
    lineId: {
      type: 'id',
      nullable: true,
      ref: 'line',
      inUse: LINE_IN_USE,
      within: {
        match: { orgId: 'orgId' },
        message: { zh: '产线不属于所选工厂', en: 'The line does not belong to the selected plant' },
      },
      list: true,
      form: true,
      filter: true,
      label: { zh: '所属产线', en: 'Line' },
    },
    // A station names its line: one picked without a line, or on another line, is refused.
    stationId: {
      type: 'id',
      nullable: true,
      ref: 'station',
      within: {
        match: { lineId: 'lineId' },
        message: { zh: '工位不属于所选产线', en: 'The station does not belong to the selected line' },
      },
      list: true,
      form: true,
      label: { zh: '所在工位', en: 'Station' },
    },
    // The asset card's number (fixedledger's refKey): a card of the tenant the caller sees. The card's `deviceId`
    // follows whichever side is written (modules/finance/fixed-asset-device.ts).
    assetCode: {
      type: 'string',
      max: 32,
      ref: 'fixedledger',
      missing: { zh: '固定资产编号不存在', en: 'The asset number does not exist' },
      inUse: { zh: '该固定资产已关联设备，不能删除', en: 'The asset is linked to a device and cannot be deleted' },
      list: true,
      form: true,
      label: { zh: '固定资产编号', en: 'Asset no.' },
    },
    commissionDate: {
      type: 'date',
      nullable: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '启用日期', en: 'Commissioning date' },
    },
    maintainCycleDays: {
      type: 'int',
      nullable: true,
      range: { min: 1 },
      form: true,
      label: { zh: '保养周期(天)', en: 'Maintenance interval (days)' },
    },
    // Not after today: the production module's hook (the tenant's today).
    lastMaintainDate: {
      type: 'date',
      nullable: true,
      list: true,
      form: true,
      label: { zh: '上次保养日期', en: 'Last maintenance' },
    },
    nextMaintainDate: {
      type: 'date',
      nullable: true,
      list: true,
      form: true,
      label: { zh: '下次保养日期', en: 'Next maintenance due' },
      derive: {
        compute: (r) =>
          r.lastMaintainDate && r.maintainCycleDays
            ? addDays(String(r.lastMaintainDate), Number(r.maintainCycleDays))
            : null,
      },
    },
    deviceStatus: {
      type: 'string',
      max: 32,
      bizDict: 'device_status',
      default: '1',
      list: true,
      form: true,
      filter: true,
      label: { zh: '设备状态', en: 'Condition' },
      required: true,
    },
    responsibleId: {
      type: 'id',
      nullable: true,
      ref: 'employee',
      list: true,
      form: true,
      label: { zh: '责任人', en: 'Responsible person' },
    },
    remark: { type: 'string', max: 255, control: 'textarea', form: true, label: { zh: '备注', en: 'Remarks' } },
    maintainOverdue: {
      type: 'int',
      label: { zh: '保养逾期', en: 'Maintenance overdue' },
      derive: {
        today: (r, today) =>
          r.nextMaintainDate && String(r.nextMaintainDate) < today && !IDLE_FOR_GOOD.includes(String(r.deviceStatus))
            ? 1
            : 0,
      },
    },
  },
  defaultSort: [['deviceCode', 'asc']],
});
