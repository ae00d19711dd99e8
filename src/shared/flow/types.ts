import type { FlowResult } from '../contract/api/flow.schemas.ts';

/** Wire shapes of the workflow endpoints (contract flow.md). Ids are strings, datetimes `yyyy-MM-dd HH:mm:ss`. */

// The shapes the routes declare as response schemas; their types live beside those schemas.
export type {
  BladeFlow,
  FlowExecution,
  FlowHistory,
  FlowModel,
  FlowModelView,
  FlowProcess,
  FlowResult,
} from '../contract/api/flow.schemas.ts';

/** A user in the engine: `taskUser_<userId>` (TASK_USR_PREFIX). */
export const TASK_USER_PREFIX = 'taskUser_';
/** The user id of a task's user (`taskUser_<id>`); '' for another name (a group, a literal). */
export const userIdOf = (taskUser: string) =>
  taskUser.startsWith(TASK_USER_PREFIX) ? taskUser.slice(TASK_USER_PREFIX.length) : '';
/** A user id as the engine stores a task's user. */
export const taskUserOfId = (userId: string) => `${TASK_USER_PREFIX}${userId}`;
/** A process definition's suspension state: started by hand and by businesses only when active. */
export const DEFINITION_STATE = { active: 1, suspended: 2 } as const;

/** [DESIGN] What `model/deploy` and `manager/deploy-upload` answer beside their status: warnings for the deployer. */
export type { Deployed as DeployResult } from '../contract/api/flow.schemas.ts';

/** [DESIGN] status of a leave or fund request row (its `approval.status`): the result of its process. */
export const REQUEST_STATUS = { running: 1, rejected: 2, approved: 3, withdrawn: 4 } as const satisfies Record<
  FlowResult,
  number
>;
