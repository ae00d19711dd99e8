import { FLOW, actions, btn, late, menu, screen } from '../../platform/menus.ts';
import {
  FLOW_DEPLOY_UPLOAD,
  FLOW_FOLLOW_DELETE,
  FLOW_JOB,
  FLOW_JOB_RETRY,
  FLOW_MANAGER_DELETE,
  FLOW_MANAGER_STATE,
  FLOW_MODEL,
  FLOW_MODEL_DEPLOY,
  WORK_CLAIM_SIGN,
  WORK_SEND_REVOKE,
  WORK_SEND_URGE,
  WORK_TODO_ADD_SIGN,
  WORK_TODO_COPY,
  WORK_TODO_DELEGATE,
  WORK_TODO_HANDLE,
  WORK_TODO_RETURN,
} from '../../../shared/flow/buttons.ts';

export const flowMenu = menu('flow', '流程管理', 'Workflow', '/flow', 7, 'iconfont iconicon_send', [
  screen(FLOW_MODEL, '模型设计', 'Model design', '/flow/model', 1, 'iconfont iconicon_compile', `${FLOW}/model`, {
    extra: [btn(FLOW_MODEL_DEPLOY, '部署', 'Deploy', 'deploy', 'cloud-upload', 2, `${FLOW}/model/deploy`)],
  }),
  actions('flow_deploy', '部署管理', 'Deployment', '/flow/deploy', 2, 'iconfont iconicon_exchange', [
    btn(FLOW_DEPLOY_UPLOAD, '上传部署', 'Upload and deploy', 'upload', 'upload', 1, `${FLOW}/manager/deploy-upload`),
  ]),
  actions('flow_manager', '流程管理', 'Process management', '/flow/manager', 3, 'iconfont iconicon_task', [
    btn(FLOW_MANAGER_STATE, '变更状态', 'Change state', 'state', 'swap', 2, `${FLOW}/manager/change-state`),
    btn(FLOW_MANAGER_DELETE, '删除', 'Delete', 'delete', 'delete', 3, `${FLOW}/manager/delete-deployment`),
  ]),
  actions('flow_follow', '流程跟踪', 'Process follow-up', '/flow/follow', 4, 'iconfont iconicon_discovery', [
    btn(FLOW_FOLLOW_DELETE, '删除', 'Delete', 'delete', 'delete', 2, `${FLOW}/follow/delete-process-instance`),
  ]),
  late(
    actions(FLOW_JOB, '作业管理', 'Jobs', '/flow/job', 5, 'iconfont iconicon_setting', [
      btn(FLOW_JOB_RETRY, '重试', 'Retry', 'retry', 'redo', 3, `${FLOW}/job/retry`),
    ]),
  ),
  screen(
    'flow_endpoint',
    '服务端点',
    'Service endpoints',
    '/flow/endpoint',
    6,
    'iconfont iconicon_ding',
    `${FLOW}/endpoint`,
  ),
]);

export const workMenu = menu('work', '我的事务', 'My work', '/work', 8, 'iconfont iconicon_task_done', [
  actions('work_start', '发起事务', 'Start a process', '/work/start', 1, 'iconfont iconicon_roundadd'),
  actions('work_claim', '待签事务', 'To claim', '/work/claim', 2, 'iconfont iconicon_attestation', [
    btn(WORK_CLAIM_SIGN, '签收', 'Claim', 'sign', 'check', 2, `${FLOW}/work/claim-task`),
  ]),
  actions('work_todo', '待办事务', 'To do', '/work/todo', 3, 'iconfont iconicon_task', [
    btn(WORK_TODO_HANDLE, '办理', 'Handle', 'handle', 'form', 2, `${FLOW}/work/complete-task`),
    late(btn(WORK_TODO_ADD_SIGN, '加签', 'Add approvers', 'addSign', 'usergroup-add', 2, `${FLOW}/work/add-sign`)),
    late(btn(WORK_TODO_DELEGATE, '委派', 'Delegate', 'delegate', 'user-switch', 2, `${FLOW}/work/delegate-task`)),
    late(btn(WORK_TODO_COPY, '抄送', 'Copy to', 'copy', 'copy', 2, `${FLOW}/work/copy-task`)),
    late(btn(WORK_TODO_RETURN, '退回', 'Return', 'return', 'rollback', 2, `${FLOW}/work/return-task`)),
  ]),
  actions('work_send', '已发事务', 'Sent', '/work/send', 4, 'iconfont iconicon_send', [
    late(btn(WORK_SEND_REVOKE, '撤回', 'Revoke', 'revoke', 'undo', 2, `${FLOW}/work/revoke-process`)),
    late(btn(WORK_SEND_URGE, '催办', 'Urge', 'urge', 'bell', 2, `${FLOW}/work/urge-task`)),
  ]),
  actions('work_done', '办结事务', 'Done', '/work/done', 5, 'iconfont iconicon_dynamic'),
  late(actions('work_copy', '抄送事务', 'Copied to me', '/work/copy', 6, 'iconfont iconicon_doc')),
]);

/** What the seeded `user` role (and the approver roles) hold here: the whole approval inbox. */
export const WORK_USER_MENUS = [
  'work',
  'work_start',
  'work_claim',
  WORK_CLAIM_SIGN,
  'work_todo',
  WORK_TODO_HANDLE,
  WORK_TODO_ADD_SIGN,
  WORK_TODO_DELEGATE,
  WORK_TODO_COPY,
  WORK_TODO_RETURN,
  'work_send',
  WORK_SEND_REVOKE,
  WORK_SEND_URGE,
  'work_done',
  'work_copy',
];
