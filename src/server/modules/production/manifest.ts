import { btn, business } from '../../db/seed/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { PRODUCTION_DICTIONARIES } from './dictionaries.ts';
import { seedProductionDemo } from './demo.ts';
import { productBom } from '../../../shared/entities/production/product-bom.ts';
import { bomCost } from '../../../shared/entities/production/bom-cost.ts';
import { bomCostHooks, priceReaction, productBomHooks, productBomReaction } from './bom.hooks.ts';
import { bomRoutes } from './bom.routes.ts';
import { bomCostRoutes } from './bom-cost.routes.ts';

const productionMenu = business('production', '生产管理', 'Production', 11, 'iconfont iconicon_tool', [
  ['line', '产线管理', 'Lines'],
  ['stationgroup', '工位组管理', 'Station groups'],
  ['station', '工位管理', 'Stations'],
  ['device', '设备管理', 'Devices'],
  ['mold', '模具管理', 'Moulds'],
  ['worker', '作业员管理', 'Workers'],
  ['productbom', '产品BOM', 'Product BOM'],
  [
    'bomcost',
    'BOM成本',
    'BOM cost',
    {
      extra: [btn('bomcost_calculate', '重新核算', 'Recalculate', 'calculate', 'calculator', 3)],
    },
  ],
  ['productintroduce', '新品导入', 'New product introduction'],
  ['task', '项目任务', 'Project tasks'],
  ['prodplane', '生产计划', 'Production plan'],
]);

/** 生产管理 (issue 12): its menus so far; the screens behind them are planned (desktop/pages/planned.ts). */
export const productionModule = defineModule({
  name: 'production',
  entities: [productBom, bomCost],
  hooks: { productbom: productBomHooks, bomcost: bomCostHooks },
  // A buying price feeds BOM costs: a change marks those it affects stale (bom.hooks.ts).
  reactions: { productbom: productBomReaction, price: priceReaction },
  routes: [bomRoutes, bomCostRoutes],
  menus: [productionMenu],
  businessDictionaries: PRODUCTION_DICTIONARIES,
  demo: seedProductionDemo,
});
