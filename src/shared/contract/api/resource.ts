/** The resource module's own routes (modules/resource). */

/** File upload into the tenant's files (contract resource-desk-log.md put-file). */
export const PUT_FILE_URL = '/api/blade-resource/oss/endpoint/put-file';

/** Makes an SMS config its tenant's enabled one (contract resource-desk-log.md §4 `enable?id=`). */
export const SMS_ENABLE_URL = '/api/blade-resource/sms/enable';
