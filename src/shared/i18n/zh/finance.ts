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
} as const;
