/**
 * The platform actions a workflow service task may name (`flowable:type`), and the `flowable:field`s each reads: one
 * list for the server's deploy check (compile-model.ts) and the designer's properties panel.
 */
export const ACTION_TYPES = ['message', 'status', 'hook', 'http'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** `required` fields must be given; a `hook` passes any other field to its hook, which names what it reads. */
export const ACTION_FIELDS: Record<ActionType, { required: string[]; optional: string[] }> = {
  message: { required: ['title'], optional: ['to', 'toRoles', 'content'] },
  status: { required: ['status'], optional: [] },
  hook: { required: ['hook'], optional: [] },
  http: { required: ['endpoint'], optional: ['path', 'requestMethod', 'requestBody', 'responseVariableName'] },
};

/** The fields of the flow module's hook `flow.copy` (抄送 as a step of a process). */
export const COPY_HOOK_FIELDS = ['to', 'toRoles', 'comment'];
