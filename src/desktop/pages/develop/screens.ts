import { crudScreen, type Screens } from '../screens.ts';

/** The develop module's desktop screens (menus of modules/develop on the server). */
export const developScreens: Screens = {
  '/tool/datasource': crudScreen(
    async () => (await import('../../../shared/entities/develop/datasource.ts')).datasource,
  ),
};
