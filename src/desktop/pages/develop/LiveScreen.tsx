import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { LIVE_DEFINITION_URL, type LiveEntityWire } from '../../../shared/develop/live.ts';
import { learnRefTargets } from '../../../shared/entities/ref-targets.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { DESKTOP_KEY } from '../../queries.ts';

/** The definition the server serves under `code` now: read again on every opening, so a change shows without reload. */
export const liveDefinitionQuery = (code: string) => ({
  queryKey: [DESKTOP_KEY, 'live-definition', code],
  queryFn: () => getData<LiveEntityWire>(LIVE_DEFINITION_URL, { code }),
  staleTime: 0,
});

/**
 * A live model's screen (在线表单, /live/<code>): the shared CRUD page over the definition the server publishes. The
 * page is keyed by the version, so a published change (a new column) is a new page with its own queries.
 */
export function LiveScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery({ ...liveDefinitionQuery(code), refetchOnMount: 'always' });
  // The answer's message was shown already (client/http.ts): a way to try again stays.
  if (isError)
    return <Result status="warning" extra={<Button onClick={() => void refetch()}>{t('common.refresh')}</Button>} />;
  if (!data) return <PageLoading />;
  // Its references to other live entities: their pickers are served where the console's definitions do not say.
  learnRefTargets(data.targets);
  return <CrudPage key={`${code}@${data.version}`} entity={data.entity} options={data.entity.screen} />;
}
