import { Type, type Static } from 'typebox';
import { DateTime, Id, NoData, OpenObject } from '../wire.ts';

/**
 * What the approval kit's routes answer inside the envelope: any approvable entity's request (`process/<kind>/…`)
 * and the state moves of rows kept on their own screen (`<entity>/approval`).
 */

/** What `detail` adds to every request: the applicant and the process. */
export const BusinessFlowInfo = Type.Object({
  assignee: Type.String({ description: '申请人 (taskUser_<id>)' }),
  assigneeName: Type.String(),
  processInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  businessTable: Type.String(),
  businessId: Id,
});
export type BusinessFlowInfo = Static<typeof BusinessFlowInfo>;

/** A request as `detail` returns it: the process columns, then the fields of its entity by their names. */
export const BusinessRequest = OpenObject({
  id: Id,
  tenantId: Type.String(),
  processDefinitionId: Type.String(),
  processInstanceId: Type.String(),
  taskUser: Type.String({ description: '审批人 (the first approver’s user id)' }),
  applyTime: DateTime,
  createUser: Type.String(),
  createDept: Type.String(),
  createTime: DateTime,
  updateTime: DateTime,
  status: Type.Integer({ description: '1 审批中, 2 已驳回, 3 已通过, 4 已撤回; 0 past its process' }),
  flow: BusinessFlowInfo,
});
export type BusinessRequest = Static<typeof BusinessRequest> & { [field: string]: unknown };

/** `detail`: the request, or null when the caller may not see it. */
export const RequestDetail = Type.Union([BusinessRequest, Type.Null()]);

/** `start-process`: saved and started (or sent), no data. */
export const RequestStarted = NoData;

/** `<entity>/approval` of rows kept on their own screen: how many rows moved. */
export const RowsMoved = Type.Object({ changed: Type.Integer() });
export type RowsMoved = Static<typeof RowsMoved>;

/** `budgetsituation/approval`: how many rows were approved. */
export const RowsApproved = Type.Object({ approved: Type.Integer() });
export type RowsApproved = Static<typeof RowsApproved>;
