/**
 * What the console's picker needs of each entity a field's `ref` may name: where it is served and whether it is a
 * tree. Not the definitions themselves: importing them all would put every screen's definition in the form's chunk.
 * tests/architecture/modules.test.ts keeps this table equal to the server's entities (server/modules/index.ts).
 */
export interface RefTarget {
  service: string;
  tree: boolean;
  /** What references store instead of the id (EntityDef `refKey`). */
  refKey?: string;
}

export const REF_TARGETS: Readonly<Record<string, RefTarget>> = {
  param: { service: 'blade-system', tree: false },
  post: { service: 'blade-system', tree: false },
  client: { service: 'blade-system', tree: false },
  topmenu: { service: 'blade-system', tree: false },
  'tenant-package': { service: 'blade-system', tree: false },
  'data-scope': { service: 'blade-system', tree: false },
  'api-scope': { service: 'blade-system', tree: false },
  dept: { service: 'blade-system', tree: true },
  role: { service: 'blade-system', tree: true },
  menu: { service: 'blade-system', tree: true },
  dict: { service: 'blade-system', tree: true },
  'dict-biz': { service: 'blade-system', tree: true },
  user: { service: 'blade-system', tree: false },
  tenant: { service: 'blade-system', tree: false },
  region: { service: 'blade-system', tree: false },
  customer: { service: 'blade-system', tree: false },
  subject: { service: 'blade-system', tree: true, refKey: 'subjectCode' },
  budgetfill: { service: 'blade-system', tree: false },
  budgetsituation: { service: 'blade-system', tree: false },
  expensesituation: { service: 'blade-system', tree: false },
  financebudget: { service: 'blade-system', tree: false },
  differ: { service: 'blade-system', tree: false },
  inventorybudget: { service: 'blade-system', tree: false },
  retention: { service: 'blade-system', tree: false },
  financestat: { service: 'blade-system', tree: false },
  expense: { service: 'blade-system', tree: false },
  supplier: { service: 'blade-system', tree: false },
  goodscategory: { service: 'blade-system', tree: true },
  product: { service: 'blade-system', tree: false },
  price: { service: 'blade-system', tree: false },
  employee: { service: 'blade-system', tree: false },
  line: { service: 'blade-system', tree: false },
  stationgroup: { service: 'blade-system', tree: false },
  station: { service: 'blade-system', tree: false },
  device: { service: 'blade-system', tree: false },
  mold: { service: 'blade-system', tree: false },
  worker: { service: 'blade-system', tree: false },
  productintroduce: { service: 'blade-system', tree: false },
  task: { service: 'blade-system', tree: false },
  prodplane: { service: 'blade-system', tree: false },
  productbom: { service: 'blade-system', tree: false },
  bomcost: { service: 'blade-system', tree: false },
  inventory: { service: 'blade-system', tree: false },
  inventorylog: { service: 'blade-system', tree: false },
  packaging: { service: 'blade-system', tree: false },
  'work-calendar': { service: 'blade-system', tree: false },
  message: { service: 'blade-system', tree: false },
  datasource: { service: 'blade-develop', tree: false },
  leave: { service: 'blade-desk', tree: false },
  finance: { service: 'blade-desk', tree: false },
  error: { service: 'blade-log', tree: false },
};
