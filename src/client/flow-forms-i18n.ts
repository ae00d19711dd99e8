import i18next from 'i18next';
import { flowForms as en } from '../shared/i18n/en/flow-forms.ts';
import { flowForms as zh } from '../shared/i18n/zh/flow-forms.ts';

/**
 * The start and task forms' strings (`flowForm.*`), added when a form screen loads: they are not in the shell's
 * first load (bench/bundle.ts budgets it). i18next has its store once `init` ran (the app's start, or a test's).
 */
function register() {
  i18next.addResourceBundle('zh', 'translation', { flowForm: zh }, true, false);
  i18next.addResourceBundle('en', 'translation', { flowForm: en }, true, false);
}
if (typeof i18next.addResourceBundle === 'function' && i18next.store) register();
else i18next.on('initialized', register);
