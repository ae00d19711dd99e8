import { flowForms as en } from '../shared/i18n/en/flow-forms.ts';
import { flowForms as zh } from '../shared/i18n/zh/flow-forms.ts';
import { addScreenStrings } from './i18n.ts';

/**
 * The start and task forms' strings (`flowForm.*`), added when a form screen loads: they are not in the shell's
 * first load (bench/bundle.ts budgets it).
 */
addScreenStrings('flowForm', zh, en);
