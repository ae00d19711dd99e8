import { useQuery } from '@tanstack/react-query';
import { fetchBizDictionary } from '../../../client/api/system.ts';
import { currentLanguage } from '../../../client/i18n.ts';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import { moduleGet } from '../modules/module-api.ts';
import { loadChoices } from './movement-queue.ts';
import { useQueueOwner } from './movement-sync.ts';
import type { Choice } from './warehouse-api.ts';
import { DEPT_COMPANY_SELECT_URL } from '../../../shared/contract/api/system.ts';

const CHOICES_FRESH_MS = 5 * 60_000;

/**
 * A business dictionary of the tenant (`warehouse`, `inventory_biz_type`) as choices in the current language; kept
 * on the phone (its items in both languages), so it is there offline too.
 */
export function useBizChoices(code: string): Choice[] {
  const owner = useQueueOwner();
  const { data } = useQuery({
    queryKey: ['mobile', 'biz-dictionary', owner, code],
    queryFn: () => loadChoices(owner, code, () => fetchBizDictionary(code)),
    // Offline it answers the kept list: run it rather than wait for the network.
    networkMode: 'always',
    staleTime: CHOICES_FRESH_MS,
  });
  const lang = currentLanguage();
  return (data ?? []).map((item) => ({ value: item.dictKey, label: itemLabel(item, lang) }));
}

/** The caller's companies (`dept/company-select`, as the console's company fields use), kept for offline use. */
export function useCompanyChoices(): Choice[] {
  const owner = useQueueOwner();
  const { data } = useQuery({
    queryKey: ['mobile', 'companies', owner],
    queryFn: () =>
      loadChoices(owner, 'companies', () =>
        moduleGet<{ value: string | number; label: string }[]>(DEPT_COMPANY_SELECT_URL, {}),
      ),
    networkMode: 'always',
    staleTime: CHOICES_FRESH_MS,
  });
  return (data ?? []).map((option) => ({ value: String(option.value), label: option.label }));
}
