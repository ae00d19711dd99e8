import type { Resource } from '../resource.ts';
import type { crud as zh } from '../zh/crud.ts';

export const crud: Resource<typeof zh> = {
  index: 'No.',
  actions: 'Actions',
  total: '{{total}} in total',
  selected: '{{count}} selected',
  input: 'Enter {{label}}',
  select: 'Select {{label}}',
  required: 'Please enter {{label}}',
  tooLong: '{{label}} must be at most {{max}} characters',
};
