/** The Chinese approval actions (issue 34 point 5): what client and server both name. */

/** 加签: before (the added decide first), after (the assignee's approval held), parallel (alongside). */
export const SIGN_TYPES = ['before', 'after', 'parallel'] as const;
export type SignType = (typeof SIGN_TYPES)[number];

/** The actions as comment types and history rows (`flowAction`): 加签, 减签, 委派, 委派回复, 抄送, 退回, 撤回, 催办. */
export const FLOW_ACTIONS = [
  'addSign',
  'removeSign',
  'delegate',
  'resolve',
  'copy',
  'return',
  'revoke',
  'urge',
] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];
/** The history row type of an action. */
export const FLOW_ACTION_ROW = 'flowAction';
