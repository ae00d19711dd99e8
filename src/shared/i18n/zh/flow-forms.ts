/**
 * Start forms and task forms (issue 34): registered by the form screens when they load (client/flow-forms-i18n.ts),
 * so their strings stay out of the shell's first load. Keys under `flowForm`.
 */
export const flowForms = {
  start: '发起',
  startTitle: '发起: {{name}}',
  started: '流程已发起',
  noFields: '此流程无需填写表单, 直接发起',
  handle: '办理',
  handleTitle: '办理: {{name}}',
  required: '请填写{{name}}',
  yes: '是',
  no: '否',
  priority: '优先级',
  dueDate: '到期时间',
};
