import type { LocalText } from '../../../../shared/i18n/server-messages.ts';

/** What the object storage routes answer a client's mistake with (zh/en). */
export const STORAGE_MESSAGES = {
  noFile: { zh: '请选择上传文件', en: 'Please choose a file to upload' },
  empty: { zh: '上传文件不能为空', en: 'The file is empty' },
  tooLarge: { zh: '上传文件大小不能超过 {name}MB', en: 'The file must not exceed {name} MB' },
  wrongType: { zh: '不支持上传该类型的文件', en: 'Files of this type cannot be uploaded' },
  disguised: {
    zh: '文件内容与扩展名不符',
    en: 'The file content does not match its extension',
  },
  badName: { zh: '文件名称不合法', en: 'The file name is not valid' },
  badBucket: { zh: '存储桶名称不合法', en: 'The bucket name is not valid' },
  noObject: { zh: '文件不存在', en: 'The file does not exist' },
  attachInUse: {
    zh: '附件已被单据引用，请在单据中移除后再删除',
    en: 'A document holds this attachment: remove it from the document first',
  },
  noBucket: { zh: '存储桶不存在', en: 'The bucket does not exist' },
  bucketExists: { zh: '存储桶已存在', en: 'The bucket already exists' },
  bucketNotEmpty: { zh: '存储桶不为空', en: 'The bucket is not empty' },
  sharedStore: {
    zh: '服务器默认存储不能管理存储桶,请先配置并启用对象存储',
    en: "The server's default store has no buckets to manage: add and enable an object storage config first",
  },
  localNeedsSharedFolder: {
    zh: '多进程部署时本地存储需要共享目录(TENON_FILES_DIR),请使用 S3 兼容存储',
    en: 'With several server processes the local store needs a shared folder (TENON_FILES_DIR): use an S3-compatible store',
  },
  storeUnreachable: { zh: '对象存储访问失败', en: 'The object store cannot be reached' },
} satisfies Record<string, LocalText>;
