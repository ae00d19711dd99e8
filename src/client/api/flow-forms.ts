import type { StartForm, TaskForm } from '../../shared/contract/api/flow.schemas.ts';
import {
  PROCESS_VARIABLES_URL,
  WORK_START_FORM_URL,
  WORK_START_PROCESS_URL,
  WORK_TASK_FORM_URL,
} from '../../shared/contract/api/flow.ts';
import { getData, postData } from '../http.ts';

/**
 * Start forms and task forms (issue 34): what a starter gives a process of no business (通用流程) and what a task's
 * handler sets, shared by the desktop and the phone (their screens load it with the form, not with the shell).
 */

export type { StartForm, TaskForm };
export type { FormField } from '../../shared/flow/form-fields.ts';

export const fetchStartForm = (processDefinitionId: string) =>
  getData<StartForm>(WORK_START_FORM_URL, { processDefinitionId });
export const fetchTaskForm = (taskId: string) => getData<TaskForm>(WORK_TASK_FORM_URL, { taskId });
/** Starts a start-list definition by hand with its form's variables; resolves with the new instance's id. */
export const startProcess = (processDefinitionId: string, variables: Record<string, unknown>) =>
  postData<{ processInstanceId: string }>(WORK_START_PROCESS_URL, { processDefinitionId, variables });
export const fetchProcessVariables = (processInstanceId: string) =>
  getData<Record<string, unknown>>(PROCESS_VARIABLES_URL, { processInstanceId });
