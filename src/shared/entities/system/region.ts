import { defineEntity, type FieldDef } from '../define.ts';

const derived = (zh: string, en: string, max: number): FieldDef => ({
  type: 'string',
  max,
  readonly: true,
  label: { zh, en },
});

/**
 * Administrative divisions (blade_region, domain/masterdata.md "region"): platform-global and keyed by `code`, with
 * neither `id` nor `is_deleted`. The engine serves its list, page and picker (other entities reference divisions by
 * code); modules/system/region.routes.ts the rest: the dataset's lazy import, and writes deriving ancestors, level and
 * the province…village columns from the parent.
 */
export const region = defineEntity({
  name: 'region',
  service: 'blade-system',
  table: 'blade_region',
  label: { zh: '行政区划', en: 'Region' },
  code: 'region',
  tenant: false,
  audit: false,
  key: 'code',
  display: 'name',
  // `list` filters exactly (contract: entity); the lazy levels use LIKE for code and name.
  filterStyle: 'entity',
  fields: {
    code: {
      type: 'string',
      max: 12,
      list: true,
      form: true,
      filter: true,
      label: { zh: '区划编号', en: 'Division code' },
      required: { zh: '请输入区划编号', en: 'Please enter the division code' },
      pattern: {
        regex: '^[0-9]{2,12}$',
        message: { zh: '区划编号须为2到12位数字', en: 'The division code must be 2 to 12 digits' },
      },
    },
    parentCode: {
      type: 'string',
      max: 12,
      list: true,
      form: true,
      search: 'equal',
      ref: 'region',
      shows: 'parentName',
      label: { zh: '父区划编号', en: 'Parent code' },
      required: { zh: '请输入父区划编号', en: 'Please enter the parent code' },
    },
    ancestors: derived('祖区划编号', 'Ancestor codes', 255),
    name: {
      type: 'string',
      max: 64,
      list: true,
      form: true,
      filter: true,
      label: { zh: '区划名称', en: 'Name' },
      required: { zh: '请输入区划名称', en: 'Please enter the division name' },
    },
    provinceCode: derived('省级区划编号', 'Province code', 12),
    provinceName: derived('省级名称', 'Province', 64),
    cityCode: derived('市级区划编号', 'City code', 12),
    cityName: derived('市级名称', 'City', 64),
    districtCode: derived('区级区划编号', 'District code', 12),
    districtName: derived('区级名称', 'District', 64),
    townCode: derived('镇级区划编号', 'Town code', 12),
    townName: derived('镇级名称', 'Town', 64),
    villageCode: derived('村级区划编号', 'Village code', 12),
    villageName: derived('村级名称', 'Village', 64),
    regionLevel: {
      type: 'int',
      dict: 'region',
      list: true,
      form: true,
      readonly: true,
      label: { zh: '层级', en: 'Level' },
    },
    sort: { type: 'int', list: true, form: true, default: 0, label: { zh: '排序', en: 'Sort order' } },
    remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '备注', en: 'Remarks' } },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['code', 'asc'],
  ],
});
