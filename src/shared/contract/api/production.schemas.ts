import { Type, type Static } from 'typebox';
import { NumberOrNull, OpenObject, Page } from '../wire.ts';

/** What the production module's own routes answer inside the envelope (urls: production.ts). */

/** A BOM of the BOM screen's page: a parent part and version, with how many lines it has (`productbom/groups`). */
export const BomGroup = Type.Object({
  id: Type.String({ description: '<productId>|<bomVersion>' }),
  productId: Type.String(),
  productNo: Type.String(),
  productName: Type.String(),
  bomVersion: Type.String(),
  isDefault: Type.Integer(),
  lineCount: Type.Integer(),
});
export type BomGroup = Static<typeof BomGroup>;
export const BomGroupPage = Page(BomGroup);

/** A row of a BOM version's explosion, depth first (`productbom/explode`). */
export const ExplodedRow = Type.Object({
  id: Type.String(),
  level: Type.Integer({ description: '1: a line of the BOM itself' }),
  componentId: Type.String(),
  componentNo: Type.String(),
  componentName: Type.String(),
  componentSpec: Type.String(),
  grossQty: Type.Number({ description: 'multiplied down the levels' }),
  totalQty: Type.Number(),
  unit: Type.String(),
  unitName: Type.String(),
  sourceTypeName: Type.String(),
  hasChildren: Type.Boolean(),
});
export type ExplodedRow = Static<typeof ExplodedRow>;

/** A BOM holding the part at some level (`productbom/where-used`). */
export const BomUse = Type.Object({
  productId: Type.String(),
  productNo: Type.String(),
  productName: Type.String(),
  bomVersion: Type.String(),
  isDefault: Type.Integer(),
  level: Type.Integer(),
  componentNo: Type.String(),
});
export type BomUse = Static<typeof BomUse>;

/** A BOM line as the cost roll-up prices it. */
export const CostedLine = Type.Object({
  componentId: Type.String(),
  componentNo: Type.String(),
  componentName: Type.String(),
  grossQty: Type.Number(),
  unit: Type.String(),
  unitPrice: NumberOrNull,
  lineCost: Type.Number(),
  priceMissing: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: '1: no valid buying price (and no BOM of its own): the line adds nothing',
  }),
  costSource: Type.Union([Type.Literal('price'), Type.Literal('bomcost'), Type.Literal('bom'), Type.Literal('none')]),
  missingBelow: Type.Integer({ description: 'parts below a sub-assembly without a valid buying price' }),
});
export type CostedLine = Static<typeof CostedLine>;

/** What `bomcost/detail` answers: the version's lines costed and the suggested costs (after the row's fields). */
export const RollUp = OpenObject({
  lines: Type.Array(CostedLine),
  suggestedMaterialCost: Type.Number(),
  suggestedSalesPrice: NumberOrNull,
  suggestedPackagingCost: NumberOrNull,
});
export type RollUp = Static<typeof RollUp>;

/** A part a recalculation found no valid buying price for: it counted 0. */
export const UnpricedPart = Type.Object({ productNo: Type.String(), productName: Type.String() });
export type UnpricedPart = Static<typeof UnpricedPart>;

/** 重新核算: how far the year's recalculation is (`bomcost/calculate`, `calculate-progress`). */
export const JobProgress = Type.Object({
  jobId: Type.String(),
  costYear: Type.Integer(),
  total: Type.Integer(),
  done: Type.Integer(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  unpriced: Type.Optional(Type.Array(UnpricedPart, { description: 'once done: the first such parts' })),
  unpricedCount: Type.Optional(Type.Integer()),
});
export type JobProgress = Static<typeof JobProgress>;
