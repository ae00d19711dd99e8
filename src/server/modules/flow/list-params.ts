import { Type } from 'typebox';
import { PAGING } from '../../platform/entity/schemas.ts';

const CATEGORY = { category: Type.String({ description: '流程分类 (process category)' }) };
/** What `definitions` filters by: a category or a process key. */
const DEFINITION_FILTERS = {
  ...CATEGORY,
  key: Type.String({ description: '流程标识 (process key)' }),
  processKey: Type.String({ description: '流程标识，同 key (process key, as key)' }),
};
/** What the lists read from their query, for the API document. */
export const LIST_PARAMS = {
  /** The inbox lists (todo, claim, done, sent): a category and a time range. */
  tasks: {
    ...PAGING,
    ...CATEGORY,
    beginDate: Type.String({ description: '开始时间 yyyy-MM-dd[ HH:mm:ss] (from)' }),
    endDate: Type.String({ description: '结束时间 yyyy-MM-dd[ HH:mm:ss]，日期含当天 (to, a date includes its day)' }),
    taskId: Type.String({ description: '任务主键: 只查此任务 (one task, by id)' }),
  },
  /** A page of definitions (start-list, manager/list), of their latest versions or all. */
  definitions: {
    ...PAGING,
    ...DEFINITION_FILTERS,
    mode: Type.String({ enum: ['1', '2'], description: '1 每个流程的最新版本 (latest versions), 2 所有版本 (all)' }),
  },
  /** The latest definitions, unpaged (manager/select). */
  definitionFilters: DEFINITION_FILTERS,
  /** Running instances (`follow`). */
  follow: {
    ...PAGING,
    processInstanceId: Type.String({ description: '流程实例主键 (process instance id)' }),
    processDefinitionKey: Type.String({ description: '流程标识 (process key)' }),
  },
};
