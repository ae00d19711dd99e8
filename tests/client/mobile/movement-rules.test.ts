// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../src/client/i18n.ts';
import {
  checkMovement,
  movementBody,
  type MovementValues,
} from '../../../src/mobile/pages/warehouse/movement-rules.ts';

initI18n();
const TODAY = '2026-11-26';
const valid: MovementValues = {
  bizType: '101',
  bizDate: TODAY,
  orgId: 'T1010',
  warehouse: 'RM',
  location: ' A-01-03 ',
  part: { id: '42', productNo: 'P-1', productName: '支架' },
  batchNo: '',
  qty: '12',
  unitCost: '2.5',
  partnerName: '',
  sourceNo: 'PO-1',
  remark: '',
};

describe('the new-movement rules (as the server checks them)', () => {
  it('accepts a complete purchase receipt', () => {
    expect(checkMovement(valid, TODAY)).toEqual({});
  });

  it('asks for every required field with its own message', () => {
    const errors = checkMovement(
      { ...valid, bizType: '', orgId: '', warehouse: '', part: undefined, qty: '', bizDate: '' },
      TODAY,
    );
    expect(errors).toEqual({
      bizType: '请选择业务类型',
      bizDate: '请选择业务日期',
      orgId: '请选择所属公司',
      warehouse: '请选择仓库',
      part: '请选择零件号',
      qty: '请输入数量',
    });
  });

  it.each(['0', '-5', '0.00', 'abc'])('refuses the quantity %s: 数量必须大于0', (qty) => {
    expect(checkMovement({ ...valid, qty }, TODAY).qty).toBe('数量必须大于0');
  });

  it('asks for the unit cost of a purchase (101) and another receipt (106), not of other movements', () => {
    expect(checkMovement({ ...valid, unitCost: '' }, TODAY).unitCost).toBe('请输入单价');
    expect(checkMovement({ ...valid, bizType: '106', unitCost: ' ' }, TODAY).unitCost).toBe('请输入单价');
    expect(checkMovement({ ...valid, bizType: '102', unitCost: '' }, TODAY)).toEqual({});
    expect(checkMovement({ ...valid, bizType: '202', unitCost: '' }, TODAY)).toEqual({});
  });

  it('refuses a posting date after today: 业务日期不能晚于今天', () => {
    expect(checkMovement({ ...valid, bizDate: '2026-11-27' }, TODAY).bizDate).toBe('业务日期不能晚于今天');
    expect(checkMovement({ ...valid, bizDate: '2026-11-01' }, TODAY)).toEqual({});
  });

  it('sends trimmed values with the client key, and a unit cost only where the type carries one', () => {
    expect(movementBody(valid, 'm-1')).toEqual({
      bizType: '101',
      bizDate: TODAY,
      orgId: 'T1010',
      warehouse: 'RM',
      location: 'A-01-03',
      productId: '42',
      batchNo: '',
      qty: '12',
      unitCost: '2.5',
      partnerName: '',
      sourceNo: 'PO-1',
      remark: '',
      clientKey: 'm-1',
    });
    expect(movementBody({ ...valid, bizType: '202' }, 'm-2')).not.toHaveProperty('unitCost');
  });
});
