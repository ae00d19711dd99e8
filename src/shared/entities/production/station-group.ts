import { defineEntity } from '../define.ts';
import { plantField, workshopField } from './plant-fields.ts';

/**
 * A station group (工位组, domain/production.md): interchangeable stations of one kind across lines, the costing and
 * capacity pool whose hour rates BOM costing uses. Its total hour rate is worked out on every save.
 */
export const stationGroup = defineEntity({
  name: 'stationgroup',
  service: 'blade-system',
  table: 'erp_station_group',
  label: { zh: '工位组', en: 'Station group' },
  code: 'stationgroup',
  tenant: true,
  audit: true,
  dataScope: true,
  display: 'groupName',
  keyword: ['groupCode', 'groupName'],
  fields: {
    groupCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位组编码', en: 'Group code' },
      required: true,
    },
    groupName: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位组名称', en: 'Group name' },
      required: true,
    },
    orgId: plantField,
    workshopType: workshopField,
    stationType: {
      type: 'string',
      max: 32,
      bizDict: 'station_type',
      list: true,
      form: true,
      filter: true,
      label: { zh: '工位类型', en: 'Station type' },
      required: true,
    },
    laborRate: {
      type: 'money',
      nullable: true,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '人工费率(元/小时)', en: 'Labour rate (CNY/h)' },
    },
    machineRate: {
      type: 'money',
      nullable: true,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '设备费率(元/小时)', en: 'Machine rate (CNY/h)' },
    },
    // A blank rate counts as 0: the total is always a figure costing can use.
    hourRate: {
      type: 'money',
      list: true,
      form: true,
      label: { zh: '综合费率(元/小时)', en: 'Total hour rate' },
      derive: { compute: (r) => Number((Number(r.laborRate || 0) + Number(r.machineRate || 0)).toFixed(2)) },
    },
    description: {
      type: 'string',
      max: 255,
      control: 'textarea',
      form: true,
      label: { zh: '描述', en: 'Description' },
    },
  },
  defaultSort: [['groupCode', 'asc']],
});
