/** `log.*`: the 系统监控 screens' own words. */
export const log = {
  apiDoc: {
    title: '接口文档',
    hint: 'OpenAPI 3.1，「Try it out」以当前登录用户的身份调用接口',
  },
};
