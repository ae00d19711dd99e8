import type { EntityDef } from '../entities/define.ts';
import type { RefTarget } from '../entities/ref-targets.ts';

/** A live model's routes (modules/develop/live.routes.ts): publishing, its withdrawal, and what the screens read. */
export const LIVE_PUBLISH_URL = '/api/blade-develop/model/publish';
export const LIVE_UNPUBLISH_URL = '/api/blade-develop/model/unpublish';
export const LIVE_DEFINITION_URL = '/api/blade-develop/model/live-definition';
/** The live entities a model's field may reference (those with a name to show), as `{label, value}`. */
export const LIVE_REFERABLE_URL = '/api/blade-develop/model/live-referable';
/**
 * The approved live models' definitions (`LiveEntityWire[]`), for any signed-in user: the inbox's and the phone's
 * 审批 cards render a live row from its definition as any approvable's (shared/entities/approvals.ts learnApprovables).
 */
export const LIVE_APPROVALS_URL = '/api/blade-live/approvals';
/** A live model's request as its applicant or approver reads it: `process/<kind>/detail`, as any approvable's. */
export const liveRequestUrl = (kind: string) => `/api/blade-live/process/${kind}/detail`;
/** The screens' path of a live entity, `/live/<code>`, under the 在线表单 menu. */
export const LIVE_PATH = '/live';

/** What `model/publish` answers: the version now served and what it changed in the table. */
export interface LivePublished {
  code: string;
  table: string;
  version: number;
  added: string[];
  dropped: string[];
  changed: string[];
}

/** What `model/live-definition?code=` answers: the entity the engine serves under that code, at its version. */
export interface LiveEntityWire {
  code: string;
  version: number;
  entity: EntityDef;
  /** The live entities its fields reference, which the console's own definitions do not know (ref-targets.ts). */
  targets?: Record<string, RefTarget>;
}
