import type { Resource } from '../resource.ts';
import type { flowForms as zh } from '../zh/flow-forms.ts';

export const flowForms: Resource<typeof zh> = {
  start: 'Start',
  startTitle: 'Start: {{name}}',
  started: 'The process was started',
  noFields: 'This process has no form: it starts as it is',
  handle: 'Handle',
  handleTitle: 'Handle: {{name}}',
  required: 'Please fill in {{name}}',
  yes: 'Yes',
  no: 'No',
  priority: 'Priority',
  dueDate: 'Due',
};
