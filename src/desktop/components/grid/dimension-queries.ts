import type { EntityDef } from '../../../shared/entities/define.ts';
import { companiesQuery, dictionaryQuery } from '../crud/crud-api.ts';
import { filterFields } from '../crud/field-lists.ts';
import type { CrudField } from '../crud/fields.ts';
import type { FirstQuery } from '../crud/first-queries.ts';

/** The dimension search's 查询维度 (customer / project / product / factory). */
export const SEARCH_TYPE: CrudField = {
  name: 'searchType',
  type: 'string',
  bizDict: 'search_type',
  label: { zh: '查询维度', en: 'Search by' },
};

/** What the dimension search bar's controls ask for when it is drawn (DimensionSearchBar, the same choice). */
export function dimensionSearchQueries(entity: EntityDef): FirstQuery[] {
  return [
    ...filterFields(entity).flatMap((field): FirstQuery[] => {
      if (field.company) return [companiesQuery];
      if (field.bizDict || field.dict) return [dictionaryQuery(field)];
      return [];
    }),
    dictionaryQuery(SEARCH_TYPE),
  ];
}
