/** The flow module's routes (contract flow.md); what they answer: flow.schemas.ts. */

/** My work (§2). */
export const WORK_START_LIST_URL = '/api/blade-flow/work/start-list';
/** [DESIGN] Starts a start-list definition with no business row: `{ processDefinitionId, variables }`. */
export const WORK_START_PROCESS_URL = '/api/blade-flow/work/start-process';
/** [DESIGN] a definition's start form; a task's form (issue 34). */
export const WORK_START_FORM_URL = '/api/blade-flow/work/start-form';
export const WORK_TASK_FORM_URL = '/api/blade-flow/work/task-form';
export const WORK_CLAIM_LIST_URL = '/api/blade-flow/work/claim-list';
/** The phone's first screen asks it as early as the token answers (client/api/first-screen.ts checks its copy). */
export const WORK_TODO_LIST_URL = '/api/blade-flow/work/todo-list';
export const WORK_SEND_LIST_URL = '/api/blade-flow/work/send-list';
export const WORK_DONE_LIST_URL = '/api/blade-flow/work/done-list';
export const WORK_USER_SELECT_URL = '/api/blade-flow/work/user-select';
export const WORK_CLAIM_TASK_URL = '/api/blade-flow/work/claim-task';
export const WORK_COMPLETE_TASK_URL = '/api/blade-flow/work/complete-task';
export const WORK_TRANSFER_TASK_URL = '/api/blade-flow/work/transfer-task';
export const WORK_DELETE_TASK_URL = '/api/blade-flow/work/delete-task';
/** [DESIGN] The Chinese approval actions (issue 34 point 5): 加签, 减签, 委派 and its answer, 抄送, 退回, 撤回, 催办. */
export const WORK_ADD_SIGN_URL = '/api/blade-flow/work/add-sign';
export const WORK_REMOVE_SIGN_URL = '/api/blade-flow/work/remove-sign';
export const WORK_DELEGATE_TASK_URL = '/api/blade-flow/work/delegate-task';
export const WORK_RESOLVE_TASK_URL = '/api/blade-flow/work/resolve-task';
export const WORK_COPY_TASK_URL = '/api/blade-flow/work/copy-task';
export const WORK_COPY_LIST_URL = '/api/blade-flow/work/copy-list';
export const WORK_COPY_READ_URL = '/api/blade-flow/work/copy-read';
export const WORK_RETURN_TARGETS_URL = '/api/blade-flow/work/return-targets';
export const WORK_RETURN_TASK_URL = '/api/blade-flow/work/return-task';
export const WORK_REVOKE_PROCESS_URL = '/api/blade-flow/work/revoke-process';
export const WORK_URGE_TASK_URL = '/api/blade-flow/work/urge-task';

/** The process view (§3). */
export const PROCESS_HISTORY_FLOW_LIST_URL = '/api/blade-flow/process/history-flow-list';
export const PROCESS_MODEL_VIEW_URL = '/api/blade-flow/process/model-view';
export const PROCESS_RESOURCE_VIEW_URL = '/api/blade-flow/process/resource-view';
export const PROCESS_DIAGRAM_VIEW_URL = '/api/blade-flow/process/diagram-view';
/** [DESIGN] an instance's variables, for those who may view it. */
export const PROCESS_VARIABLES_URL = '/api/blade-flow/process/variables';

/** Model design (§4). */
export const MODEL_LIST_URL = '/api/blade-flow/model/list';
export const MODEL_DETAIL_URL = '/api/blade-flow/model/detail';
export const MODEL_SUBMIT_URL = '/api/blade-flow/model/submit';
export const MODEL_REMOVE_URL = '/api/blade-flow/model/remove';
export const MODEL_DEPLOY_URL = '/api/blade-flow/model/deploy';

/** Process management, deployment and follow-up (§4). */
export const MANAGER_LIST_URL = '/api/blade-flow/manager/list';
export const MANAGER_SELECT_URL = '/api/blade-flow/manager/select';
export const MANAGER_CHANGE_STATE_URL = '/api/blade-flow/manager/change-state';
export const MANAGER_DEPLOY_UPLOAD_URL = '/api/blade-flow/manager/deploy-upload';
export const MANAGER_CHECK_UPLOAD_URL = '/api/blade-flow/manager/check-upload';
export const MANAGER_DELETE_DEPLOYMENT_URL = '/api/blade-flow/manager/delete-deployment';
export const FOLLOW_LIST_URL = '/api/blade-flow/follow/list';
export const FOLLOW_DELETE_PROCESS_INSTANCE_URL = '/api/blade-flow/follow/delete-process-instance';
/** [DESIGN] issue 34: events delivered by the platform administrator in a tenant (a signal, a message, a trigger). */
export const FOLLOW_SIGNAL_URL = '/api/blade-flow/follow/signal';
export const FOLLOW_MESSAGE_URL = '/api/blade-flow/follow/message';
export const FOLLOW_TRIGGER_URL = '/api/blade-flow/follow/trigger';
/** [DESIGN] 作业管理: the jobs processes wait on (a failed one, out of retries, waits for an administrator). */
export const JOB_LIST_URL = '/api/blade-flow/job/list';
export const JOB_DETAIL_URL = '/api/blade-flow/job/detail';
export const JOB_RETRY_URL = '/api/blade-flow/job/retry';
