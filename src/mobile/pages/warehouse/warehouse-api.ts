import { useQuery } from '@tanstack/react-query';
import { fetchButtons, permissionMap } from '../../../client/api/system.ts';
import { ApiFailure, http, type Page, type R } from '../../../client/http.ts';
import { currentLanguage } from '../../../client/i18n.ts';
import type { FieldName, WireRow } from '../../../shared/entities/define.ts';
import type { PickedProduct } from '../../../shared/contract/api/masterdata.schemas.ts';
import type { inventory } from '../../../shared/entities/warehouse/inventory.ts';
import { inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { moduleGet, modulePost } from '../modules/module-api.ts';
import { INVENTORY_LIST_URL, INVENTORY_LOG_HANDLE_URL } from '../../../shared/contract/api/warehouse.ts';
import { PRODUCT_LISTPAGE_URL } from '../../../shared/contract/api/masterdata.ts';
import type { Handled } from '../../../shared/contract/api/warehouse.schemas.ts';

const LOG = `/api/${inventoryLog.service}/${inventoryLog.name}`;
export const PAGE_SIZE = 20;

/** A stock movement as the server lists it (inventorylog/list, detail): a row of its definition. */
export type Movement = WireRow<typeof inventoryLog>;

/** A movement field's label in the console's language: its definition's. */
export const movementLabel = (name: FieldName<typeof inventoryLog>): string =>
  inventoryLog.fields[name].label[currentLanguage()];

/**
 * What `inventorylog/submit` takes for a new movement; `clientKey` makes a resent one the same movement. Quantities
 * travel as typed (text: the server parses and checks them).
 */
export type MovementBody = Pick<
  Movement,
  | 'bizType'
  | 'bizDate'
  | 'orgId'
  | 'warehouse'
  | 'location'
  | 'productId'
  | 'batchNo'
  | 'partnerName'
  | 'sourceNo'
  | 'remark'
  | 'clientKey'
> & { qty: string; unitCost?: string };

/**
 * A part as the lookup finds it (product/listpage's answer); one rebuilt from a stored movement knows only its
 * number, name and unit.
 */
export type Part = Pick<PickedProduct, 'id' | 'productNo' | 'productName'> &
  Partial<Pick<PickedProduct, 'customerPartNo' | 'spec' | 'unit' | 'unitName'>>;

/** A stock row of a part (inventory/list): a row of its definition. */
export type StockRow = Pick<
  WireRow<typeof inventory>,
  'id' | 'orgName' | 'warehouse' | 'warehouseName' | 'batchNo' | 'location' | 'qty' | 'availableQty' | 'unitName'
>;

export interface MovementFilters {
  handleStatus: '0' | '1';
  bizType?: string;
  warehouse?: string;
}

export const fetchMovements = (filters: MovementFilters, current: number) =>
  moduleGet<Page<Movement>>(`${LOG}/list`, { current, size: PAGE_SIZE, ...withoutEmpty(filters) });

export const fetchMovement = (id: string) => moduleGet<Movement>(`${LOG}/detail`, { id });

export const submitMovement = (body: MovementBody) => modulePost<Movement>(`${LOG}/submit`, body);

export async function handleMovements(ids: string[]): Promise<Handled> {
  return (await http.post<R<Handled>>(INVENTORY_LOG_HANDLE_URL, undefined, { params: { ids: ids.join(',') } })).data
    .data;
}

export const fetchStock = (productId: string) => moduleGet<Page<StockRow>>(INVENTORY_LIST_URL, { productId, size: 50 });

/** The part whose number or customer part number is exactly `code` (case aside), or undefined. */
export async function findPart(code: string): Promise<Part | undefined> {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return undefined;
  const page = await moduleGet<Page<Part>>(PRODUCT_LISTPAGE_URL, { keyword: code.trim(), size: 20 });
  return page.records.find(
    (part) => part.productNo.toLowerCase() === wanted || (part.customerPartNo ?? '').toLowerCase() === wanted,
  );
}

/**
 * A failure the server answered and will answer again for the same movement (a 4xx: its message says why); a
 * network failure, a server fault or an expired session is worth sending again later.
 */
export const isRefusal = (error: unknown): error is ApiFailure =>
  error instanceof ApiFailure && error.code >= 400 && error.code < 500 && error.code !== 401;

const withoutEmpty = (params: object) => Object.fromEntries(Object.entries(params).filter(([, value]) => value));

export interface Choice {
  value: string;
  label: string;
}

/** A field choosing one of `choices` (the form's choices and the list's filters). */
export interface ChoiceProps {
  label: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
}

/** Whether the signed-in user holds a button permission (menu/buttons, as the console decides). */
export function useCan(code: string): boolean {
  const { data } = useQuery({
    queryKey: ['mobile', 'permission'],
    queryFn: async () => permissionMap(await fetchButtons()),
    staleTime: 5 * 60_000,
  });
  return Boolean(data?.[code]);
}

export const labelOf = (choices: Choice[], value: string | undefined) =>
  choices.find((choice) => choice.value === value)?.label ?? value ?? '';
