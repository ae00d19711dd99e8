import type { Resource } from '../resource.ts';
import type { log as zh } from '../zh/log.ts';

export const log: Resource<typeof zh> = {
  apiDoc: {
    title: 'API docs',
    hint: 'OpenAPI 3.1; "Try it out" calls the API as the signed-in user',
    service: 'Service',
    serviceOption: '{{service}} ({{operations}} operations)',
  },
  audit: {
    history: 'History',
    historyTitle: 'History: {{label}}',
    noHistory: 'No changes recorded',
    callChanges: 'Data this call changed',
    noChanges: 'This call changed no data',
    time: 'Time',
    user: 'User',
    operation: 'Operation',
    field: 'Field',
    oldValue: 'Old value',
    newValue: 'New value',
    insert: 'Added',
    update: 'Changed',
    delete: 'Deleted',
    record: 'Record',
    normal: 'Normal',
    exception: 'Exception',
  },
};
