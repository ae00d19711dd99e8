/**
 * The workflow engine, a platform service (issue 33): BPMN models deployed per tenant, process instances and their
 * tasks kept in SQL, each step in one transaction with the business row it moves. Modules (the flow module's screens
 * included) import this file only, never the engine's store or runtime files; tests/architecture/workflow.test.ts
 * holds this list of names.
 */

// Running processes: register a business (its approval declaration and effect), start, complete, withdraw; and the
// reads of the engine's tables (the inbox's lists, a business's by its category; definitions; an instance's view).
export { workflowOf, detachedWorkflow, type Workflow } from './workflow-of.ts';
export type { Variables } from './flow-runtime.ts';
export type { ApprovalEffect, RowMove } from './approval-steps.ts';

// The approval kit's requests: a request not found (or no longer to send), a state move's input and its buttons.
export { REQUEST_NOT_FOUND } from './approval-send.ts';
export { moveCodes, readMoves } from './approval-moves.ts';

// Tenants' approver roles (a new tenant's, and the install's).
export { addApproverRoles } from './approver-roles.ts';

// Models and deployments: checking a model, deploying it, the definition a tenant starts, a module's shipped models.
export { ModelError, readModel } from './bpmn-model.ts';
export { decodeModel } from './model-source.ts';
// Diagrams: laid out for models drawn without one, and drawn as an image (an instance's states coloured).
export { laidOut } from './diagram-layout.ts';
export { diagramSvg } from './diagram-svg.ts';
export {
  RESOURCE_SUFFIX,
  activeDefinitionId,
  changeState,
  deleteDeployments,
  deploy,
  refuseDeclarations,
  SHARED_DEFINITIONS,
  type UnmatchedGroup,
} from './flow-definitions.ts';
export { seedModels, type SeedModel } from './seed-models.ts';

export { FLOW_MESSAGES } from './flow-messages.ts';
// Service tasks' actions: the hooks modules offer, and the purpose endpoints' secrets are sealed for.
export type { FlowHook, HookContext } from './service-actions.ts';
export type { TaskSms, TaskSmsSender } from './task-sms.ts';
export { ActionFailure } from './service-actions.ts';
export { COPY_HOOK } from './flow-actions.ts';
export { ENDPOINT_SECRET_PURPOSE } from './flow-http.ts';
