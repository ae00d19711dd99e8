/**
 * The workflow engine, a platform service (issue 33): BPMN models deployed per tenant, process instances and their
 * tasks kept in SQL, each step in one transaction with the business row it moves. Modules (the flow module's screens
 * included) import this file only, never the engine's store or runtime files (tests/architecture/workflow.test.ts).
 */

// Running processes: the app's runtime, what a business registers and learns at each step.
export { workflowOf, type Workflow } from './workflow-of.ts';
export {
  FlowRuntime,
  type BusinessHandler,
  type BusinessVariables,
  type FlowTransition,
  type Variables,
} from './flow-runtime.ts';

// Sending an approvable entity's row through its process (the approval kit).
export { REQUEST_NOT_FOUND, requestVariables, sendableRow, sendRow } from './approval-send.ts';

// Who a step goes to: the stored form of a task's user, and the users a business names as approvers.
export { taskUserOf } from './engine-runner.ts';
export { taskUserOfId, userIdOf, usersWithCode } from './flow-store.ts';
export { addApproverRoles } from './approver-roles.ts';

// A business's rows and their processes: locked in the engine's order, a row's status set by a step.
export { businessRow, lockInstances, setBusinessStatus } from './flow-store.ts';

// Models and deployments: checking a model, deploying it, the definition a tenant starts, a module's shipped models.
export { ModelError, readModel } from './bpmn-model.ts';
export {
  RESOURCE_SUFFIX,
  activeDefinitionId,
  changeState,
  deleteDeployments,
  deploy,
  type UnmatchedGroup,
} from './flow-definitions.ts';
export { ACTIVE } from './flow-store.ts';
export { seedModels, type SeedModel } from './seed-models.ts';

export { FLOW_MESSAGES } from './flow-messages.ts';
