/**
 * The published endpoints and userinfo fields of the providers a tenant most often registers (issue 37): a provider
 * row whose `source` is one of these gets the blanks of its endpoints and field mapping filled from here. `style`
 * says how the provider departs from plain OAuth2 (RFC 6749 form posts, a bearer userinfo call).
 */
export type SocialStyle = 'oauth2' | 'json' | 'dingtalk' | 'wecom';

export interface SocialPreset {
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string;
  idField: string;
  nameField: string;
  avatarField: string;
  emailField: string;
  style: SocialStyle;
}

export const SOCIAL_PRESETS: Readonly<Record<string, SocialPreset>> = {
  gitee: {
    name: 'Gitee',
    authorizeUrl: 'https://gitee.com/oauth/authorize',
    tokenUrl: 'https://gitee.com/oauth/token',
    userinfoUrl: 'https://gitee.com/api/v5/user',
    scopes: 'user_info',
    idField: 'id',
    nameField: 'login',
    avatarField: 'avatar_url',
    emailField: 'email',
    style: 'oauth2',
  },
  github: {
    name: 'GitHub',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: 'read:user user:email',
    idField: 'id',
    nameField: 'login',
    avatarField: 'avatar_url',
    emailField: 'email',
    style: 'oauth2',
  },
  dingtalk: {
    name: '钉钉',
    authorizeUrl: 'https://login.dingtalk.com/oauth2/auth',
    tokenUrl: 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken',
    userinfoUrl: 'https://api.dingtalk.com/v1.0/contact/users/me',
    scopes: 'openid',
    idField: 'unionId',
    nameField: 'nick',
    avatarField: 'avatarUrl',
    emailField: 'email',
    style: 'dingtalk',
  },
  wecom: {
    name: '企业微信',
    authorizeUrl: 'https://login.work.weixin.qq.com/wwlogin/sso/login',
    tokenUrl: 'https://qyapi.weixin.qq.com/cgi-bin/gettoken',
    userinfoUrl: 'https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo',
    scopes: 'snsapi_base',
    idField: 'userid',
    nameField: 'userid',
    avatarField: '',
    emailField: '',
    style: 'wecom',
  },
  feishu: {
    name: '飞书',
    authorizeUrl: 'https://accounts.feishu.cn/open-apis/authen/v1/authorize',
    tokenUrl: 'https://open.feishu.cn/open-apis/authen/v2/oauth/token',
    userinfoUrl: 'https://open.feishu.cn/open-apis/authen/v1/user_info',
    scopes: '',
    idField: 'data.union_id',
    nameField: 'data.name',
    avatarField: 'data.avatar_url',
    emailField: 'data.email',
    style: 'json',
  },
};
