import { defineEntity } from '../define.ts';

/**
 * Attachments (blade_attach, contract resource-desk-log.md §3): one row per file uploaded through `put-file-attach`.
 * `domain` names the store holding the object and `name` its key; removing rows removes their objects
 * (modules/resource/attach.routes.ts).
 */
export const attach = defineEntity({
  name: 'attach',
  service: 'blade-resource',
  table: 'blade_attach',
  label: { zh: '附件', en: 'Attachment' },
  code: 'attach',
  tenant: true,
  audit: true,
  filterStyle: 'map',
  display: 'originalName',
  fields: {
    link: { type: 'string', max: 1000, list: true, form: true, label: { zh: '附件地址', en: 'Link' } },
    domain: { type: 'string', max: 500, form: true, label: { zh: '附件域名', en: 'Domain' } },
    name: {
      type: 'string',
      max: 500,
      list: true,
      form: true,
      filter: true,
      label: { zh: '附件名称', en: 'Name' },
      required: { zh: '请输入附件名称', en: 'Please enter the attachment name' },
    },
    originalName: {
      type: 'string',
      max: 500,
      list: true,
      form: true,
      filter: true,
      label: { zh: '附件原名', en: 'Original name' },
      required: { zh: '请输入附件原名', en: 'Please enter the original name' },
    },
    extension: {
      type: 'string',
      max: 12,
      list: true,
      form: true,
      filter: true,
      label: { zh: '附件拓展名', en: 'Extension' },
    },
    attachSize: {
      type: 'int',
      default: 0,
      list: true,
      form: true,
      range: { min: 0 },
      label: { zh: '附件大小', en: 'Size (bytes)' },
    },
  },
  moduleRoutes: ['remove'],
  defaultSort: [['id', 'desc']],
});
