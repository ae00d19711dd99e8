import { useTranslation } from 'react-i18next';
import { fetchApprovals, type Row } from './module-api.ts';
import { FieldCard, ModuleList } from './ModuleList.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** To-do and claimable tasks (the workflow issue replaces these cards with the approval screens). */
export function ApprovalsTab() {
  const { t } = useTranslation();
  const card = (row: Row, index: number) => {
    const title = text(row.title) || text(row.processDefinitionName) || text(row.taskName) || t('mobile.module.untitled');
    const process = text(row.processDefinitionName);
    const task = text(row.taskName);
    const fields: [string, string][] = [];
    if (process && process !== title) fields.push(['processDefinitionName', process]);
    if (task && task !== title) fields.push(['taskName', task]);
    return <FieldCard key={String(row.taskId ?? row.id ?? index)} title={title} time={text(row.createTime)} fields={fields} />;
  };
  return <ModuleList queryKey="approvals" load={fetchApprovals} card={card} />;
}
