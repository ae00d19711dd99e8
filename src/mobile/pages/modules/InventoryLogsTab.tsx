import { useTranslation } from 'react-i18next';
import { fetchInventoryLogs, textFields, type Row } from './module-api.ts';
import { FieldCard, ModuleList } from './ModuleList.tsx';

/** Inventory logs as generic cards until the warehouse issue brings their own. */
export function InventoryLogsTab() {
  const { t } = useTranslation();
  const card = (row: Row, index: number) => {
    const [first, ...rest] = textFields(row);
    return (
      <FieldCard
        key={String(row.id ?? index)}
        title={first?.[1] ?? t('mobile.module.untitled')}
        time={typeof row.createTime === 'string' ? row.createTime : undefined}
        fields={rest}
      />
    );
  };
  return <ModuleList queryKey="inventory-logs" load={fetchInventoryLogs} card={card} />;
}
