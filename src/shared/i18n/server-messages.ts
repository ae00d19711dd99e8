/** Messages the server sends, zh (the contract's wording) and en. `{name}` placeholders are filled per call. */
export type Lang = 'zh' | 'en';
export interface LocalText {
  zh: string;
  en: string;
}

export const MESSAGES = {
  success: { zh: '操作成功', en: 'Operation succeeded' },
  noData: { zh: '暂无承载数据', en: 'No data' },
  failure: { zh: '操作失败', en: 'Operation failed' },
  business: { zh: '业务异常', en: 'Business error' },
  missingParam: { zh: '缺少必要的请求参数: {name}', en: 'Missing required parameter: {name}' },
  passwordInQuery: {
    zh: '密码只能在请求体中提交,不能放在网址中',
    en: 'Passwords are accepted in the request body only, never in the URL',
  },
  paramType: { zh: '请求参数类型错误: {name}', en: 'Wrong parameter type: {name}' },
  unreadable: { zh: '消息不能读取', en: 'The request body could not be read' },
  unauthorized: { zh: '请求未授权', en: 'Unauthorized' },
  tokenMissing: { zh: '缺失令牌,鉴权失败', en: 'Missing token, authentication failed' },
  tokenInvalid: { zh: '令牌已失效,请重新登录', en: 'The token is invalid or has expired, please log in again' },
  tokenTenant: { zh: '令牌与租户不匹配', en: 'The token does not belong to this tenant' },
  forbidden: { zh: '请求被拒绝', en: 'Request denied' },
  platformOnly: {
    zh: '请求被拒绝,平台数据只能由平台管理员修改',
    en: 'Request denied: platform data can only be changed by the platform administrators',
  },
  permissionDenied: { zh: '请求被拒绝,缺少权限: {name}', en: 'Request denied, missing permission: {name}' },
  apiScopeDenied: { zh: '请求被拒绝,缺少接口权限: {name}', en: 'Request denied, missing API scope: {name}' },
  notFound: { zh: '404 没找到请求', en: '404 Not found' },
  methodNotAllowed: { zh: '不支持当前请求方法', en: 'Request method not supported' },
  mediaType: { zh: '不支持当前媒体类型', en: 'Media type not supported' },
  payloadTooLarge: { zh: '请求内容过大', en: 'Request body too large' },
  headersTooLarge: { zh: '请求头过大', en: 'Request headers too large' },
  requestTimeout: { zh: '请求超时', en: 'Request timed out' },
  tooManyRequests: { zh: '请求过于频繁,请{name}秒后再试', en: 'Too many requests, please try again in {name} seconds' },
  serverError: { zh: '服务器异常,错误编号 {name}', en: 'Server error, error id {name}' },
  serverStopping: { zh: '服务正在停止,请稍后重试', en: 'The server is stopping, please try again shortly' },
  tenantDatabaseDown: {
    zh: '租户数据库 {name} 暂不可用,请稍后重试',
    en: 'The tenant database {name} is not available, please try again shortly',
  },
  tenantMoving: {
    zh: '租户正在迁移数据库,请稍后重试',
    en: 'The tenant is moving to another database, please try again shortly',
  },
  tenantDatabaseBehind: {
    zh: '租户数据库 {name} 的结构版本旧于本服务,请先完成数据库迁移',
    en: 'The tenant database {name} is at an older schema than this server: finish its migration first',
  },
  sortUnknown: { zh: '排序字段不存在: {name}', en: 'Unknown sort field: {name}' },
  pageSize: { zh: '每页条数须为 1 到 {name} 之间的整数', en: 'Page size must be an integer from 1 to {name}' },
  pageCurrent: { zh: '页码须为正整数', en: 'Page number must be a positive integer' },
  pageDepth: {
    zh: '只能翻阅前 {name} 条数据,请增加查询条件',
    en: 'Only the first {name} rows can be paged through: narrow the search',
  },
  tooLong: { zh: '{label}长度不能超过{name}', en: '{label} must be at most {name} characters' },
  tooSmall: { zh: '{label}不能小于{name}', en: '{label} cannot be less than {name}' },
  tooLarge: { zh: '{label}不能大于{name}', en: '{label} cannot be greater than {name}' },
  stateChange: { zh: '{label}不能从“{from}”变为“{to}”', en: '{label} cannot change from "{from}" to "{to}"' },
  stateInitial: { zh: '新记录的{label}不能是“{to}”', en: 'A new record cannot start with {label} "{to}"' },
  setOnMove: {
    zh: '{label}只能在“{from}”变为“{to}”时填写',
    en: '{label} is set only on the move from "{from}" to "{to}"',
  },
  fieldType: { zh: '{label}格式不正确', en: '{label} has an invalid format' },
  exists: { zh: '{label}已存在', en: '{label} already exists' },
  savedMeanwhile: {
    zh: '数据已被同时保存,请刷新后重试',
    en: 'The same data was saved at the same moment, please refresh and try again',
  },
  dataNotFound: { zh: '数据不存在或无权访问', en: 'The record does not exist or is not accessible' },
  notResponsible: { zh: '只能修改本人负责的{label}', en: 'You can only change a {label} you are responsible for' },
  attachMissing: {
    zh: '{label}不存在或不是本人上传的文件',
    en: '{label}: a file does not exist or was not uploaded by you',
  },
  refMissing: { zh: '{label}不存在或无权访问', en: '{label}: the record does not exist or is not accessible' },
  refInUse: { zh: '已被{label}引用，不能删除', en: 'It is referenced by {label} and cannot be deleted' },
  line: { zh: '第{name}行: {label}', en: 'Line {name}: {label}' },
  userUnknown: { zh: '{label}不是本租户的用户', en: '{label} is not a user of your tenant' },
  selectOne: { zh: '请选择至少一条数据', en: 'Please select at least one record' },
  // auth (contract/auth.md)
  clientAuth: { zh: '客户端认证失败!', en: 'Client authentication failed!' },
  grantUnsupported: { zh: '不支持的授权类型: {name}', en: 'Unsupported grant type: {name}' },
  tenantMissing: { zh: '未获得用户的租户信息', en: 'Tenant not found' },
  tenantExpired: {
    zh: '租户授权已过期,请联系管理员',
    en: 'The tenant licence has expired, please contact the administrator',
  },
  locked: {
    zh: '用户登录失败次数过多,请{name}分钟后再试',
    en: 'Too many failed logins, please try again in {name} minutes',
  },
  tenantDisabled: { zh: '租户已停用,请联系管理员', en: 'The tenant is disabled, please contact the administrator' },
  badCredentials: { zh: '用户名或密码错误', en: 'Wrong user name or password' },
  noRole: { zh: '未获得用户的角色信息', en: 'The user has no role' },
  captchaWrong: { zh: '验证码不正确', en: 'Wrong captcha' },
  captchaRequired: {
    zh: '该租户已开启验证码登录,请输入验证码',
    en: 'This tenant signs in with a captcha: please enter the captcha',
  },
  refreshInvalid: { zh: '令牌授权已过期', en: 'The refresh token has expired' },
  userDisabled: { zh: '账号已停用', en: 'The account is disabled' },
  // SSO (authorization code, modules/auth/oidc)
  codeInvalid: { zh: '授权码无效或已过期', en: 'The authorization code is invalid or has expired' },
  codeUsed: { zh: '授权码已被使用', en: 'The authorization code has already been used' },
  redirectMismatch: {
    zh: '重定向地址与授权请求不一致',
    en: 'The redirect URI does not match the authorization request',
  },
  codeVerifierWrong: { zh: 'PKCE 校验码不正确', en: 'Wrong PKCE code verifier' },
  ssoExpired: {
    zh: '登录请求已过期,请返回应用重新登录',
    en: 'The sign-in request has expired, please sign in again from the application',
  },
  // Data models (modules/develop): reading a data source's catalog
  sourceUnreachable: { zh: '无法连接数据源 {name}：{label}', en: 'Cannot connect to the data source {name}: {label}' },
  sourceRefused: { zh: '连接被拒绝', en: 'connection refused' },
  sourceTimeout: { zh: '连接超时', en: 'the connection timed out' },
  sourceNoHost: { zh: '主机不存在', en: 'unknown host' },
  sourceLogin: { zh: '用户名或密码错误', en: 'wrong user name or password' },
  sourceNoDatabase: { zh: '数据库不存在', en: 'no such database' },
  sourceClosed: { zh: '连接被中断', en: 'the connection was closed' },
  sourceFailed: { zh: '连接失败', en: 'connection failed' },
  sourceUrl: {
    zh: '数据源连接地址不受支持：须为 jdbc:postgresql://、jdbc:mysql:// 或 jdbc:mariadb://',
    en: 'Unsupported data source URL: it must start with jdbc:postgresql://, jdbc:mysql:// or jdbc:mariadb://',
  },
  sourceMissing: { zh: '数据源不存在', en: 'No such data source' },
  sourcePassword: {
    zh: '数据源密码无法解密，请重新填写密码',
    en: "The data source's password cannot be read, please enter it again",
  },
  tableMissing: { zh: '数据表不存在：{name}', en: 'No such table: {name}' },
  modelMissing: { zh: '数据模型不存在', en: 'No such data model' },
  modelRowsMixed: {
    zh: '字段须属于同一个数据模型',
    en: 'The fields must belong to one data model',
  },
  // The code generator (modules/develop/gen): what it refuses, nothing written.
  genNoModel: { zh: '数据模型不存在: {name}', en: 'No such data model: {name}' },
  genNoCode: { zh: '代码生成记录不存在: {name}', en: 'No such code generator row: {name}' },
  genNoFields: { zh: '数据模型“{name}”没有字段', en: 'The data model "{name}" has no fields' },
  genSubMissing: {
    zh: '主子表模板须选择子表模型和子表外键',
    en: 'The master-detail template needs a line model and its foreign key',
  },
  genSubFk: {
    zh: '子表外键“{name}”不是子表模型的字段',
    en: 'The line foreign key "{name}" is not a field of the line model',
  },
  genTreeTitle: { zh: '树表模板须选择树名称字段', en: 'The tree template needs the field that names a node' },
  genTreeTitleUnknown: {
    zh: '树名称“{name}”不是模型的字段',
    en: 'The tree title "{name}" is not a field of the model',
  },
  genNoPrimaryKey: {
    zh: '表“{name}”没有主键“{label}”,不能生成代码',
    en: 'The table "{name}" has no primary key "{label}": no code can be generated',
  },
  genBadName: {
    zh: '名称“{name}”不能用作{label}: 只能使用字母、数字和下划线,并以字母开头',
    en: 'The name "{name}" cannot be used as {label}: letters, digits and underscores only, starting with a letter',
  },
  genOutside: {
    zh: '生成的文件“{name}”超出了模块目录',
    en: 'The generated file "{name}" would leave the module folder',
  },
  genModule: {
    zh: '模块目录“{name}”不是本系统的模块: {label}',
    en: 'The module folder "{name}" is not a module of this system: {label}',
  },
  genService: {
    zh: '服务名称“{name}”不是本系统的服务: {label}',
    en: 'The service "{name}" is not a service of this system: {label}',
  },
  genManifest: {
    zh: '模块清单 {name} 的格式无法识别(需要 entities: [ 和 menus: [ 各一处),请手工添加',
    en: 'The module manifest {name} has a shape the generator does not recognise (one entities: [ and one menus: [): add it by hand',
  },
  genTableClash: {
    zh: '表“{name}”已存在且字段不同: {label}',
    en: 'The table "{name}" already exists with other columns: {label}',
  },
  genTableExists: {
    zh: '表“{name}”已存在于本库，生成的迁移会再次创建它，请换一个表名',
    en: 'The table "{name}" exists in this database: its generated migration would create it again',
  },
  genExists: { zh: '文件“{name}”已存在,不能覆盖', en: 'The file "{name}" already exists and is not overwritten' },
  genDevOnly: {
    zh: '只有开发模式(TENON_DEV_WRITE=1)的服务器才能把代码写入工作目录,请使用下载',
    en: 'Only a server in development mode (TENON_DEV_WRITE=1) writes code into its working tree: download it instead',
  },
} satisfies Record<string, LocalText>;

export type MessageKey = keyof typeof MESSAGES;

export interface MessageVars {
  name?: string | number;
  label?: string | LocalText;
  /** The states of a refused change (a state machine's). */
  from?: string | LocalText;
  to?: string | LocalText;
}

export function text(lang: Lang, message: LocalText, vars: MessageVars = {}): string {
  return message[lang].replace(/\{(name|label|from|to)\}/g, (_, key: keyof MessageVars) => {
    const value = vars[key];
    return value === undefined ? '' : typeof value === 'object' ? value[lang] : String(value);
  });
}
