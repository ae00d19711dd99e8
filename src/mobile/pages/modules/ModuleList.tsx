import type { ReactNode } from 'react';
import { Card, PullToRefresh, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../client/pwa.ts';
import { QueryState } from '../QueryState.tsx';
import type { Row } from './module-api.ts';

interface Props {
  queryKey: string;
  load: () => Promise<Row[]>;
  card: (row: Row, index: number) => ReactNode;
}

/** A module's list as cards, with pull to refresh and the not-available / empty / failed states. */
export function ModuleList({ queryKey, load, card }: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  // A missing module will not appear by retrying; a later pull to refresh asks again.
  const query = useQuery({ queryKey: ['mobile', queryKey], queryFn: load, retry: false });
  const rows = query.data ?? [];
  const refresh = async () => {
    if (!online) {
      Toast.show({ content: t('common.needNetwork') });
      return;
    }
    await query.refetch();
  };
  return (
    <PullToRefresh onRefresh={refresh}>
      <QueryState query={query} empty={rows.length === 0}>
        <div className="m-cards">{rows.map(card)}</div>
      </QueryState>
    </PullToRefresh>
  );
}

/** A card of the first text fields of a row, labelled with their field names. */
export function FieldCard({ title, time, fields }: { title: string; time?: string; fields: [string, string][] }) {
  return (
    <Card title={title}>
      {fields.map(([key, value]) => (
        <div key={key} className="m-card-field">
          <span>{key}</span>
          {value}
        </div>
      ))}
      {time && <div className="m-card-time">{time}</div>}
    </Card>
  );
}
