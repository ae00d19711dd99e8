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
  /** 明细账: a voucher entered as one document, and its 审核 / 反审核 / 记账. */
  voucher: {
    enter: '录入凭证',
    open: '凭证',
    title: '凭证 {{word}}-{{no}}',
    newTitle: '录入凭证',
    aux: '辅助核算',
    total: '合计',
    balanced: '借贷平衡',
    difference: '借贷差额：{{amount}}',
    audit: '审核',
    unaudit: '反审核',
    post: '记账',
  },
} as const;
