import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Screens by menu path (`/system/param`), each a lazy chunk: `'/system/param': lazyPage(() => import('./system/ParamPage.tsx'))`.
 * A menu whose path is not here shows the "not available yet" page.
 */
export const pageRegistry: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {};
