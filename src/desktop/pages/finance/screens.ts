import { crudScreen, type Screens } from '../screens.ts';

/** The finance module's desktop screens (menus of modules/finance on the server). */
export const financeScreens: Screens = {
  // An account's parent follows its code (the server places it): no parent picker in the form.
  '/finance/subject': crudScreen(async () => (await import('../../../shared/entities/finance/subject.ts')).subject, {
    hideFields: ['parentId'],
  }),
};
