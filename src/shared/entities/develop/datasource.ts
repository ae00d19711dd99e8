import { defineEntity } from '../define.ts';

/**
 * Data sources (blade_datasource, contract develop-report.md §1): JDBC-style connection settings, global and kept by
 * the platform tenant only. The password is typed on add, may be replaced on edit (blank keeps it), is stored sealed
 * and never sent back (modules/develop/datasource.routes.ts).
 */
export const datasource = defineEntity({
  name: 'datasource',
  service: 'blade-develop',
  table: 'blade_datasource',
  label: { zh: '数据源', en: 'Data source' },
  code: 'datasource',
  tenant: false,
  audit: true,
  platformOnly: true,
  filterStyle: 'entity',
  // What a model's and a code row's `datasourceId` show (their refs need a display field).
  display: 'name',
  fields: {
    name: {
      type: 'string',
      max: 100,
      list: true,
      form: true,
      filter: true,
      search: 'like',
      label: { zh: '名称', en: 'Name' },
      required: { zh: '请输入数据源名称', en: 'Please enter the data source name' },
    },
    driverClass: {
      type: 'string',
      max: 100,
      list: true,
      form: true,
      label: { zh: '驱动类', en: 'Driver class' },
      required: { zh: '请输入驱动类', en: 'Please enter the driver class' },
    },
    username: {
      type: 'string',
      max: 50,
      list: true,
      form: true,
      label: { zh: '用户名', en: 'User name' },
      required: { zh: '请输入用户名', en: 'Please enter the user name' },
    },
    url: {
      type: 'string',
      max: 500,
      list: true,
      form: true,
      label: { zh: '连接地址', en: 'URL' },
      required: { zh: '请输入连接地址', en: 'Please enter the URL' },
    },
    password: {
      type: 'string',
      max: 50,
      form: true,
      control: 'password',
      secret: true,
      replaceable: true,
      label: { zh: '密码', en: 'Password' },
      required: { zh: '请输入密码', en: 'Please enter the password' },
    },
    // A source tenants are placed on: their lists, reports and exports read from these (db/standbys.ts).
    standbyUrls: {
      type: 'string',
      max: 1000,
      form: true,
      control: 'textarea',
      label: { zh: '备库', en: 'Standbys' },
      placeholder: {
        zh: '流复制备库的 jdbc:postgresql://主机:端口/库,以逗号或换行分隔,用户名和密码同上',
        en:
          'Streaming-replication standbys as jdbc:postgresql://host:port/db, separated by commas or new lines; ' +
          'same user name and password',
      },
    },
    remark: { type: 'string', max: 255, form: true, control: 'textarea', label: { zh: '备注', en: 'Remark' } },
  },
  defaultSort: [['id', 'asc']],
});
