import type { ReactNode } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import { CloseCircleOutline, ExclamationCircleOutline, FileOutline, StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../client/http.ts';
import { useOnline } from '../../client/pwa.ts';
import { StateView } from '../components/StateView.tsx';
import { ModuleNotAvailable } from './modules/module-api.ts';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  fetchStatus: string;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states of a list before its rows: loading, offline with nothing loaded yet, module not available (404),
 * failed (with retry) and empty. Rows already loaded stay visible whatever a later refresh does.
 */
export function QueryState({ query, empty, children }: { query: QueryLike; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline();
  // Offline with nothing loaded (a paused query, or one that failed because a reload started offline).
  if ((query.isPending && query.fetchStatus === 'paused') || (!online && empty && (query.isPending || query.isError))) {
    // The offline banner above says why; this only says there is nothing loaded yet.
    return <StateView icon={<ExclamationCircleOutline />} title={t('common.networkError')} />;
  }
  if (query.isPending) {
    return (
      <div className="m-state" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError && empty) {
    if (query.error instanceof ModuleNotAvailable) {
      return (
        <StateView
          icon={<StopOutline />}
          title={t('mobile.module.notAvailable')}
          description={t('mobile.module.notAvailableHint')}
        />
      );
    }
    return (
      <StateView
        icon={<CloseCircleOutline />}
        title={t('mobile.module.loadFailed')}
        description={query.error instanceof ApiFailure ? query.error.message : t('common.networkError')}
      >
        <Button
          color="primary"
          fill="outline"
          onClick={() => {
            void query.refetch();
          }}
        >
          {t('mobile.module.retry')}
        </Button>
      </StateView>
    );
  }
  if (empty) return <StateView icon={<FileOutline />} title={t('common.empty')} />;
  return <>{children}</>;
}
