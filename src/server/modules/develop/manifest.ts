import { datasource } from '../../../shared/entities/develop/datasource.ts';
import { defineModule } from '../../platform/module.ts';
import { datasourceHooks } from './datasource-password.ts';
import { datasourceRoutes } from './datasource.routes.ts';
import { installDevelop } from './install.ts';
import { toolMenu } from './menus.ts';

/** Developer tools: data sources (the code generator and data models come later). */
export const developModule = defineModule({
  name: 'develop',
  entities: [datasource],
  hooks: { [datasource.name]: datasourceHooks },
  routes: [datasourceRoutes],
  menus: [toolMenu],
  install: installDevelop,
});
