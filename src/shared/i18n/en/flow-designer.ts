import type { Resource } from '../resource.ts';
import type { flowDesigner as zh } from '../zh/flow-designer.ts';

export const flowDesigner: Resource<typeof zh> = {
  prop: {
    name: 'Name',
    assignee: 'Assignee',
    candidateUsers: 'Candidate users',
    candidateGroups: 'Candidate groups',
    condition: 'Condition',
    documentation: 'Documentation',
    formKey: 'Form key',
    dueDate: 'Due date',
    priority: 'Priority',
    timerType: 'Timer',
    timerValue: 'Timer expression',
    calledElement: 'Called process',
    multiInstance: 'Multi-instance',
    collection: 'Collection',
    elementVariable: 'Element variable',
    cardinality: 'Instances',
    completionCondition: 'Completion condition',
  },
  hint: {
    assignee: 'e.g. ${taskUser} (the approver chosen by the applicant), ${createUser} (the applicant)',
    candidateUsers: 'Comma separated, e.g. taskUser_1123598821738675201',
    candidateGroups: 'Role aliases, comma separated, e.g. hr,finance',
    condition: 'One ${...} expression, e.g. ${pass}, ${!pass}, ${days > 3}',
    documentation: 'Becomes the process description when deployed',
    timerValue: 'e.g. PT48H, 2030-01-01T09:00:00, R3/PT10M',
    calledElement: 'The process id of the process it calls',
  },
  choice: {
    timeDuration: 'Duration',
    timeDate: 'Date',
    timeCycle: 'Cycle',
    none: 'None',
    parallel: 'Parallel',
    sequential: 'Sequential',
  },
};
