/** The resource module's own routes (modules/resource). */

const ENDPOINT = '/api/blade-resource/oss/endpoint';

/** File upload into the tenant's store (contract resource-desk-log.md §2). */
export const PUT_FILE_URL = `${ENDPOINT}/put-file`;
export const PUT_FILE_BY_NAME_URL = `${ENDPOINT}/put-file-by-name`;
/** Upload plus a blade_attach row: what the attachment uploader posts to. */
export const PUT_FILE_ATTACH_URL = `${ENDPOINT}/put-file-attach`;
export const REMOVE_FILE_URL = `${ENDPOINT}/remove-file`;
export const REMOVE_FILES_URL = `${ENDPOINT}/remove-files`;
export const STAT_FILE_URL = `${ENDPOINT}/stat-file`;
export const FILE_PATH_URL = `${ENDPOINT}/file-path`;
/** A short-lived link to an object (a download). */
export const FILE_LINK_URL = `${ENDPOINT}/file-link`;
export const MAKE_BUCKET_URL = `${ENDPOINT}/make-bucket`;
export const REMOVE_BUCKET_URL = `${ENDPOINT}/remove-bucket`;
export const COPY_FILE_URL = `${ENDPOINT}/copy-file`;
/** Makes a config the tenant's one enabled store. */
export const OSS_ENABLE_URL = '/api/blade-resource/oss/enable';
export const ATTACH_REMOVE_URL = '/api/blade-resource/attach/remove';
export const ATTACH_LIST_URL = '/api/blade-resource/attach/list';

/** BladeX's BladeFile: what an upload answers. */
export interface BladeFile {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** Makes an SMS config its tenant's enabled one (contract resource-desk-log.md §4 `enable?id=`). */
export const SMS_ENABLE_URL = '/api/blade-resource/sms/enable';
/** 测试发送: one message through one config to one phone (`id`, `phone`, `params`); a refusal says why. */
export const SMS_TEST_SEND_URL = '/api/blade-resource/sms/test-send';
