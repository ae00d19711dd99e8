import { t } from '../../../client/i18n.ts';
import { patternProblem, requiredText } from '../../../shared/entities/define.ts';
import { inventoryLog, PRICED_RECEIPTS } from '../../../shared/entities/warehouse/inventory-log.ts';
import { local } from '../approvals/business.ts';
import type { MovementBody, Part } from './warehouse-api.ts';

/** The new-movement form as typed: every value a string, the part once found. */
export interface MovementValues {
  bizType: string;
  bizDate: string;
  orgId: string;
  warehouse: string;
  location: string;
  part?: Part;
  batchNo: string;
  qty: string;
  unitCost: string;
  partnerName: string;
  sourceNo: string;
  remark: string;
}

export type MovementErrors = Partial<Record<keyof MovementValues, string>>;

const fields = inventoryLog.fields;

/** Receipts at a purchase price (101, 106) carry their unit cost; other movements take theirs from the stock. */
export const needsUnitCost = (bizType: string) => (PRICED_RECEIPTS as readonly string[]).includes(bizType);

const isPositive = (text: string) => Number.isFinite(Number(text)) && Number(text) > 0;

/** The movement checked as the server checks it, with its messages; `today` is the tenant's `yyyy-MM-dd`. */
export function checkMovement(values: MovementValues, today: string): MovementErrors {
  const errors: MovementErrors = {};
  const required = (name: 'bizType' | 'bizDate' | 'orgId' | 'warehouse') => {
    if (!values[name]) errors[name] = local(requiredText(fields[name]));
  };
  required('bizType');
  required('bizDate');
  required('orgId');
  required('warehouse');
  if (!values.part) errors.part = local(requiredText(fields.productId));
  if (values.bizDate && values.bizDate > today) errors.bizDate = t('mobile.warehouse.futureDate');
  const qty = values.qty.trim();
  if (!qty) errors.qty = local(requiredText(fields.qty));
  else {
    const problem = patternProblem(fields.qty, qty);
    if (problem || !isPositive(qty)) errors.qty = local(problem ?? patternProblem(fields.qty, '0')!);
  }
  const unitCost = values.unitCost.trim();
  if (needsUnitCost(values.bizType) && !unitCost) errors.unitCost = local(requiredText(fields.unitCost));
  else if (unitCost && !(Number.isFinite(Number(unitCost)) && Number(unitCost) >= 0)) {
    errors.unitCost = t('mobile.warehouse.unitCostInvalid');
  }
  return errors;
}

/** What `inventorylog/submit` takes for checked values (a unit cost only where the type carries one). */
export function movementBody(values: MovementValues, clientKey: string): MovementBody {
  return {
    bizType: values.bizType,
    bizDate: values.bizDate,
    orgId: values.orgId,
    warehouse: values.warehouse,
    location: values.location.trim(),
    productId: values.part?.id ?? '',
    batchNo: values.batchNo.trim(),
    qty: values.qty.trim(),
    ...(needsUnitCost(values.bizType) ? { unitCost: values.unitCost.trim() } : {}),
    partnerName: values.partnerName.trim(),
    sourceNo: values.sourceNo.trim(),
    remark: values.remark.trim(),
    clientKey,
  };
}
