import { crudScreen, type Screens } from '../screens.ts';

/** The master data module's desktop screens (menus of modules/masterdata on the server). */
export const masterdataScreens: Screens = {
  '/masterdata/customer': crudScreen(
    async () => (await import('../../../shared/entities/masterdata/customer.ts')).customer,
  ),
  '/masterdata/supplier': crudScreen(
    async () => (await import('../../../shared/entities/masterdata/supplier.ts')).supplier,
  ),
  '/masterdata/goodscategory': crudScreen(
    async () => (await import('../../../shared/entities/masterdata/goods-category.ts')).goodsCategory,
  ),
  '/masterdata/product': crudScreen(
    async () => (await import('../../../shared/entities/masterdata/product.ts')).product,
  ),
  '/masterdata/price': crudScreen(async () => (await import('../../../shared/entities/masterdata/price.ts')).price),
  '/masterdata/employee': crudScreen(
    async () => (await import('../../../shared/entities/masterdata/employee.ts')).employee,
  ),
};
