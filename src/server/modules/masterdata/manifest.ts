import { customer } from '../../../shared/entities/masterdata/customer.ts';
import { supplier } from '../../../shared/entities/masterdata/supplier.ts';
import { goodsCategory } from '../../../shared/entities/masterdata/goods-category.ts';
import { product } from '../../../shared/entities/masterdata/product.ts';
import { employee } from '../../../shared/entities/masterdata/employee.ts';
import { price } from '../../../shared/entities/masterdata/price.ts';
import { business, exportBtn, importBtn } from '../../platform/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { seedMasterdataDemo } from './demo/partners-and-staff.ts';
import { productRoutes } from './product.routes.ts';
import { employeeRoutes } from './employee.routes.ts';
import { MASTERDATA_DICTIONARIES } from './dictionaries.ts';
import { priceHooks } from './price.hooks.ts';

const masterdataMenu = business('masterdata', '基础资料', 'Master data', 10, 'iconfont iconicon_addresslist', [
  ['customer', '客户管理', 'Customers', { extra: [exportBtn('customer')] }],
  ['supplier', '供应商管理', 'Suppliers', { extra: [exportBtn('supplier')] }],
  ['product', '产品管理', 'Products', { extra: [exportBtn('product'), importBtn('product')] }],
  ['goodscategory', '物料分类', 'Goods categories'],
  ['price', '价格管理', 'Prices'],
  ['employee', '员工管理', 'Employees'],
]);

/**
 * 基础资料 (issue 12): customers, suppliers, goods categories, parts, prices (their periods never overlap: a hook)
 * and employees.
 */
export const masterdataModule = defineModule({
  name: 'masterdata',
  entities: [customer, supplier, goodsCategory, product, price, employee],
  hooks: { [price.name]: priceHooks },
  routes: [productRoutes, employeeRoutes],
  menus: [masterdataMenu],
  businessDictionaries: MASTERDATA_DICTIONARIES,
  demo: seedMasterdataDemo,
});
