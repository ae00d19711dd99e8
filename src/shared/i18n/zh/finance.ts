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
  /** 固定资产台账: the monthly depreciation run, a card's records and the chart by category. */
  fixedAsset: {
    depreciate: '计提折旧',
    company: '公司',
    companyRequired: '请选择公司',
    period: '折旧期间',
    periodRequired: '请选择折旧期间',
    recorded: '已计提{{period}}折旧：{{count}}项资产，合计{{amount}}',
    history: '折旧记录',
    noHistory: '暂无折旧记录',
    amount: '本期折旧',
    accumulated: '累计折旧',
    net: '净值',
    recordedAt: '计提时间',
    thisMonth: '本月折旧',
    chartTitle: '各类别折旧情况',
    noAssets: '暂无固定资产',
  },
} as const;
