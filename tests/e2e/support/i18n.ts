/** The console's own strings: tests read them from the resources instead of repeating them. */
export { zh } from '../../../src/shared/i18n/zh/index.ts';
export { en } from '../../../src/shared/i18n/en/index.ts';
export { flowDesigner } from '../../../src/shared/i18n/zh/flow-designer.ts';
