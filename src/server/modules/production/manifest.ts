import { btn, business } from '../../platform/menus.ts';
import { defineModule } from '../../platform/module.ts';
import { PRODUCTION_DICTIONARIES } from './dictionaries.ts';
import { seedProductionDemo } from './demo/production.ts';
import { PRODUCTINTRODUCE_STAGE, productIntroduce } from '../../../shared/entities/production/product-introduce.ts';
import { task } from '../../../shared/entities/production/task.ts';
import { productIntroduceHooks, taskHooks } from './npi.hooks.ts';
import { PLAN_RELEASE, prodplane } from '../../../shared/entities/production/prodplane.ts';
import { prodplaneHooks } from './prodplane.service.ts';
import { prodplaneRoutes } from './prodplane.routes.ts';
import { line } from '../../../shared/entities/production/line.ts';
import { stationGroup } from '../../../shared/entities/production/station-group.ts';
import { station } from '../../../shared/entities/production/station.ts';
import { device } from '../../../shared/entities/production/device.ts';
import { mold } from '../../../shared/entities/production/mold.ts';
import { worker } from '../../../shared/entities/production/worker.ts';
import { SHOPFLOOR_HOOKS } from './shopfloor.hooks.ts';
import { productBom } from '../../../shared/entities/production/product-bom.ts';
import { BOMCOST_CALCULATE, bomCost } from '../../../shared/entities/production/bom-cost.ts';
import { bomCostHooks, bomCostReaction, priceReaction, productBomHooks, productBomReaction } from './bom.hooks.ts';
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
      extra: [btn(BOMCOST_CALCULATE, '重新核算', 'Recalculate', 'calculate', 'calculator', 3)],
    },
  ],
  [
    'productintroduce',
    '新品导入',
    'New product introduction',
    { extra: [btn(PRODUCTINTRODUCE_STAGE, '更新阶段', 'Update stage', 'stage', 'form', 2)] },
  ],
  ['task', '项目任务', 'Project tasks'],
  [
    'prodplane',
    '生产计划',
    'Production plan',
    { extra: [btn(PLAN_RELEASE, '下达', 'Release', 'release', 'check-circle', 3)] },
  ],
]);

/** 生产管理 (issue 12): its menus so far; the screens behind them are planned (desktop/pages/planned.ts). */
export const productionModule = defineModule({
  name: 'production',
  entities: [line, stationGroup, station, device, mold, worker, productBom, bomCost, productIntroduce, task, prodplane],
  hooks: {
    ...SHOPFLOOR_HOOKS,
    [productBom.name]: productBomHooks,
    [bomCost.name]: bomCostHooks,
    [productIntroduce.name]: productIntroduceHooks,
    [task.name]: taskHooks,
    [prodplane.name]: prodplaneHooks,
  },
  // A buying price, a BOM line and a part's own cost feed BOM costs: a change marks those it affects stale
  // (bom.hooks.ts).
  reactions: { [productBom.name]: productBomReaction, [bomCost.name]: bomCostReaction, price: priceReaction },
  routes: [prodplaneRoutes, bomRoutes, bomCostRoutes],
  menus: [productionMenu],
  businessDictionaries: PRODUCTION_DICTIONARIES,
  demo: seedProductionDemo,
});
