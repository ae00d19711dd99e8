/** `warehouse.*`: the warehouse screens' own words (field labels come from the entity definitions). */
export const warehouse = {
  post: '过账',
  postConfirm: '过账选中的 {{count}} 条出入库记录？过账后不能修改或删除。',
  postOnlyPending: '只有待处理的记录可以过账',
  posted: '已过账 {{count}} 条',
  quickMovement: '快速出入库',
  stock: '库存',
  stockTitle: '库存: {{part}}',
  noStock: '该零件暂无库存',
};
