/**
 * The button codes of the workflow screens, which no entity definition owns: seeded by the flow module's menus,
 * required by its routes and shown or hidden by the desktop, each spelt here once.
 */

/** 模型设计: its standard buttons are `${FLOW_MODEL}_add`, `_edit` and `_delete`, as for an entity's screen. */
export const FLOW_MODEL = 'flow_model';
export const FLOW_MODEL_DEPLOY = 'flow_model_deploy';
/** 部署管理 */
export const FLOW_DEPLOY_UPLOAD = 'flow_deploy_upload';
/** 流程管理 */
export const FLOW_MANAGER_STATE = 'flow_manager_state';
export const FLOW_MANAGER_DELETE = 'flow_manager_delete';
/** 流程跟踪 (the screen's own code opens its signals, messages and triggers too) */
export const FLOW_FOLLOW = 'flow_follow';
export const FLOW_FOLLOW_DELETE = 'flow_follow_delete';
/** 作业管理: the jobs of blade_flow_job (timers, start timers, service actions…), a failed one retried. */
export const FLOW_JOB = 'flow_job';
export const FLOW_JOB_RETRY = 'flow_job_retry';
/** 待签事务 and 待办事务 */
export const WORK_CLAIM_SIGN = 'work_claim_sign';
export const WORK_TODO_HANDLE = 'work_todo_handle';
/** 待办事务: the approval actions of a task (issue 34 point 5), granted with the inbox to every approver role. */
export const WORK_TODO_ADD_SIGN = 'work_todo_add_sign';
export const WORK_TODO_DELEGATE = 'work_todo_delegate';
export const WORK_TODO_COPY = 'work_todo_copy';
export const WORK_TODO_RETURN = 'work_todo_return';
/** 已发事务: the starter's 撤回 and 催办. */
export const WORK_SEND_REVOKE = 'work_send_revoke';
export const WORK_SEND_URGE = 'work_send_urge';
