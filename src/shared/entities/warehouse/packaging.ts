import { defineEntity, greaterThanZero } from '../define.ts';
import { partFields } from './inventory.ts';

// Packing names the part; its unit is the part's business.
const { unit: _unit, ...part } = partFields;

const dimension = (zh: string, en: string) =>
  ({
    type: 'decimal',
    nullable: true,
    pattern: greaterThanZero(zh, en),
    list: true,
    form: true,
    label: { zh, en },
  }) as const;

/**
 * How a part is packed (包装规格, domain/warehouse.md): container, parts per pack, dimensions, returnable or not, per
 * part and optionally per customer (no customer: the part's default packing). The packaging cost per part feeds a
 * BOM cost's packaging cost.
 */
export const packaging = defineEntity({
  name: 'packaging',
  service: 'blade-system',
  table: 'erp_packaging',
  label: { zh: '包装规格', en: 'Packaging' },
  code: 'packaging',
  tenant: true,
  audit: true,
  display: 'packagingCode',
  keyword: ['packagingCode', 'productNo', 'productName'],
  fields: {
    packagingCode: {
      type: 'string',
      max: 32,
      unique: true,
      list: true,
      form: true,
      filter: true,
      label: { zh: '包装编码', en: 'Packaging code' },
      required: true,
    },
    ...part,
    productId: {
      ...part.productId,
      fixed: undefined,
      // One packing per part and customer, the part's default one (no customer) included.
      unique: {
        scope: ['customerId'],
        message: { zh: '该零件已有此客户的包装规格', en: 'The part already has packaging for this customer' },
      },
    },
    customerId: {
      type: 'id',
      nullable: true,
      ref: 'customer',
      list: true,
      form: true,
      filter: true,
      label: { zh: '客户', en: 'Customer' },
    },
    packagingType: {
      type: 'string',
      max: 32,
      bizDict: 'packaging_type',
      list: true,
      form: true,
      filter: true,
      label: { zh: '包装类型', en: 'Container type' },
      required: true,
    },
    qtyPerPack: {
      type: 'decimal',
      pattern: greaterThanZero('单包数量', 'Parts per pack'),
      list: true,
      form: true,
      label: { zh: '单包数量', en: 'Parts per pack' },
      required: true,
    },
    packsPerPallet: {
      type: 'int',
      nullable: true,
      range: { min: 1 },
      list: true,
      form: true,
      label: { zh: '每托包数', en: 'Packs per pallet' },
    },
    length: dimension('长(mm)', 'Length (mm)'),
    width: dimension('宽(mm)', 'Width (mm)'),
    height: dimension('高(mm)', 'Height (mm)'),
    grossWeight: { ...dimension('单包毛重(kg)', 'Gross weight per pack (kg)'), list: false },
    isReturnable: {
      type: 'switch',
      default: 0,
      list: true,
      form: true,
      filter: true,
      label: { zh: '是否周转', en: 'Returnable' },
      required: true,
    },
    unitCost: {
      type: 'money',
      nullable: true,
      range: { min: 0 },
      list: true,
      form: true,
      label: { zh: '包装单价', en: 'Packaging cost per pack' },
    },
    costPerPart: {
      type: 'decimal',
      nullable: true,
      derive: {
        compute: (r) =>
          r.unitCost === null || r.unitCost === undefined || r.unitCost === '' || !Number(r.qtyPerPack)
            ? null
            : Math.round((Number(r.unitCost) / Number(r.qtyPerPack)) * 1e6) / 1e6,
      },
      list: true,
      form: true,
      label: { zh: '单件包装成本', en: 'Packaging cost per part' },
    },
    remark: {
      type: 'string',
      max: 255,
      form: true,
      control: 'textarea',
      label: { zh: '备注', en: 'Remarks' },
    },
  },
  screen: { leadColumns: ['packagingCode', 'productNo'] },
  defaultSort: [
    ['packagingCode', 'asc'],
    ['id', 'asc'],
  ],
});
