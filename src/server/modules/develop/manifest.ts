import { datasource } from '../../../shared/entities/develop/datasource.ts';
import { code } from '../../../shared/entities/develop/code.ts';
import { model } from '../../../shared/entities/develop/model.ts';
import { modelPrototype } from '../../../shared/entities/develop/model-prototype.ts';
import { defineModule } from '../../platform/module.ts';
import { datasourceHooks } from './datasource.hooks.ts';
import { datasourceRoutes } from './datasource.routes.ts';
import { modelRoutes } from './model.routes.ts';
import { seedModelDemo } from './demo.ts';
import { codeRoutes } from './code.routes.ts';
import { liveRoutes } from './live.routes.ts';
import { installDevelop } from './install.ts';
import { toolMenu } from './menus.ts';

/** Developer tools: data sources, data models read from them, the code generator (issue 38). */
export const developModule = defineModule({
  name: 'develop',
  entities: [datasource, model, modelPrototype, code],
  hooks: { [datasource.name]: datasourceHooks },
  routes: [datasourceRoutes, modelRoutes, codeRoutes, liveRoutes],
  menus: [toolMenu],
  install: installDevelop,
  demo: seedModelDemo,
});
