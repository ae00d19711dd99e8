/** `finance.*`: the finance screens' own words (field labels come from the entity definitions). */
export const finance = {
  /** 费用报销: sending a claim through the fund approval, and paying an approved one. */
  expense: {
    send: '提交审批',
    sendTitle: '提交审批：{{no}}',
    process: '审批流程',
    processRequired: '请选择流程',
    noProcess: '没有可用的资金审批流程，请联系管理员部署',
    comment: '说明',
    sent: '已提交审批',
    pay: '付款',
    payTitle: '付款：{{no}}',
    paid: '已付款',
  },
  /** The charts of 财务统计, 逾期统计 and 收支流水, over what the search selects. */
  chart: {
    profit: '各公司月度收入、成本与净利润',
    aging: '应收账款账龄结构',
    cash: '月度资金收支',
    receipts: '收入',
    payments: '支出',
    net: '净额',
  },
  /** 收支流水's line under the table: the filtered rows' totals. */
  cash: { receipts: '收入合计', payments: '支出合计', net: '收支净额' },
  /** 关联交易统计's counterparty check of a group company's row. */
  related: { matches: '双方一致', pick: '选择关联方' },
} as const;
