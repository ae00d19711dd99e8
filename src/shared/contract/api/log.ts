/** The audit trail's own reads (issue 36), beside the entity routes of 接口日志 and 通用日志 (`/api/blade-log/api|usual`). */

/** GET `?entity=<entity name>&id=<record id>`: one record's 操作记录, newest first. */
export const CHANGE_RECORD_URL = '/api/blade-log/change/record';
/** GET `?id=<api log id>`: what one call changed (the API log's detail). */
export const CHANGE_CALL_URL = '/api/blade-log/change/call';
