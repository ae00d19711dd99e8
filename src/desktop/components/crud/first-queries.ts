import type { FetchQueryOptions } from '@tanstack/react-query';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import { isReference, referenceFirstQuery } from '../reference-queries.ts';
import { businessUnitsQuery, companiesQuery, dictionaryQuery } from './crud-api.ts';
import { filterFields } from './field-lists.ts';
import type { CrudOptions } from './fields.ts';
import { firstRowsQuery } from './use-crud-rows.ts';

/**
 * One request a screen's first render makes, as the react-query options its component reads it with: fetched into
 * the cache while the screen's code loads, the component finds it there (pages/screens.ts).
 */
// Each query has its own data and key types, which have no common supertype (react-query's options are invariant).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FirstQuery = FetchQueryOptions<any, any, any, any>;

/**
 * What the search bar's controls ask for when it is drawn (SearchBar's FilterControl, in the same order): a
 * dictionary's items, the companies or business units, a reference's tree or first picker page.
 */
export function searchBarQueries(entity: EntityDef, hidden?: readonly string[]): FirstQuery[] {
  return filterFields(entity, hidden).flatMap((field): FirstQuery[] => {
    if (field.type === 'switch') return [];
    if (isDictionaryField(field)) return [dictionaryQuery(field)];
    if (field.businessUnit) return [businessUnitsQuery];
    if (isReference(field)) return [referenceFirstQuery(field)];
    if (field.company) return [companiesQuery];
    return [];
  });
}

/** The shared CRUD page's first render (CrudPage): its first rows, then its search bar's options. */
export function crudFirstQueries(entity: EntityDef, options: CrudOptions = {}): FirstQuery[] {
  return [firstRowsQuery(entity, options), ...searchBarQueries(entity, options.hideFields)];
}
