/** `crud.*`: words of the shared list/form screen (field labels come from the entity definitions). */
export const crud = {
  index: '序号',
  actions: '操作',
  total: '共 {{total}} 条',
  selected: '已选择 {{count}} 项',
  input: '请输入{{label}}',
  select: '请选择{{label}}',
  required: '请输入{{label}}',
  tooLong: '{{label}}长度不能超过{{max}}',
} as const;
