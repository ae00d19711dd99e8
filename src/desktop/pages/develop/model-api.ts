import { getData, postData, type Page } from '../../../client/http.ts';
import {
  DATASOURCE_SELECT_URL,
  MODEL_PROTOTYPE_DRAFT_URL,
  MODEL_PROTOTYPE_SUBMIT_LIST_URL,
  MODEL_TABLE_INFO_URL,
  MODEL_TABLE_LIST_URL,
} from '../../../shared/contract/api/develop.ts';
import type { PrototypeDraft, TableInfo, TableSummary } from '../../../shared/contract/api/develop.schemas.ts';
import { LIVE_REFERABLE_URL } from '../../../shared/develop/live.ts';
import { dict } from '../../../shared/entities/system/dict.ts';
import { modelPrototype } from '../../../shared/entities/develop/model-prototype.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** The field rows a model may have: far more than any table's columns. */
const MAX_FIELDS = 1000;

export const modelKeys = {
  sources: [DESKTOP_KEY, 'develop-model', 'sources'],
  tables: (datasourceId: string) => [DESKTOP_KEY, 'develop-model', 'tables', datasourceId],
  fields: (modelId: string) => [DESKTOP_KEY, 'develop-model', 'fields', modelId],
  notes: (modelId: string) => [DESKTOP_KEY, 'develop-model', 'notes', modelId],
  dictionaries: [DESKTOP_KEY, 'develop-model', 'dictionaries'],
  liveReferable: [DESKTOP_KEY, 'develop-model', 'live-referable'],
};

/** 数据模型设计's calls (contract develop-report.md §3). */
export const modelApi = {
  sources: () => getData<{ id: string; name: string }[]>(DATASOURCE_SELECT_URL),
  /** The tables of a source ('' : the console's own database). */
  tables: (datasourceId: string) =>
    getData<TableSummary[]>(MODEL_TABLE_LIST_URL, datasourceId ? { datasourceId } : {}, { silent: true }),
  /** The model's saved field rows, in order. */
  saved: async (modelId: string) =>
    (
      await getData<Page<PrototypeDraft>>(`/api/${modelPrototype.service}/${modelPrototype.name}/list`, {
        modelId,
        current: 1,
        size: MAX_FIELDS,
      })
    ).records,
  /** Field rows derived from the model's table (unsaved). */
  draft: (modelId: string) => getData<PrototypeDraft[]>(MODEL_PROTOTYPE_DRAFT_URL, { modelId }),
  save: (rows: PrototypeDraft[]) => postData<null>(MODEL_PROTOTYPE_SUBMIT_LIST_URL, rows),
  /** The model's table as the catalog reads it (for its type notes). */
  table: (modelId: string) => getData<TableInfo>(MODEL_TABLE_INFO_URL, { modelId }, { silent: true }),
  /** The published live entities a field may reference, as the picker lists them. */
  liveReferable: () => getData<{ label: string; value: string }[]>(LIVE_REFERABLE_URL),
  /** The platform dictionaries (the top rows of dict: code and name). */
  dictionaries: () =>
    getData<{ code: string; dictValue: string }[]>(`/api/${dict.service}/${dict.name}/lazy-list`, { parentId: 0 }),
};
