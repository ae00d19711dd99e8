import { Type, type Static } from 'typebox';
import { Page } from '../wire.ts';

/** What the masterdata module's routes answer inside the envelope (urls: masterdata.ts). */

/** A part as a form picking one shows it (`listpage`). */
export const PickedProduct = Type.Object({
  id: Type.String(),
  productNo: Type.String(),
  customerPartNo: Type.String(),
  productName: Type.String(),
  spec: Type.String(),
  unit: Type.String(),
  unitName: Type.String(),
  customerId: Type.Union([Type.String(), Type.Null()]),
  customerName: Type.String(),
  project: Type.String(),
});
export type PickedProduct = Static<typeof PickedProduct>;

export const PickedProductPage = Page(PickedProduct);
