import { useCallback, useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchStartList, processRoutes, type FlowProcess } from '../../../client/api/flow.ts';
import { FlowDiagramDialog } from '../flow/FlowDiagramDialog.tsx';
import { FlowList } from '../flow/FlowList.tsx';
import type { DiagramTarget } from '../flow/flow-screen-queries.ts';
import { CategorySelect } from '../flow/FlowSelects.tsx';
import { useBusinessRoute } from './use-business-route.ts';
import { StartFormDialog } from './form/StartFormDialog.tsx';

/**
 * 发起事务 (/work/start): the processes the caller may start; 发起 opens the category's form (dictionary `flow`), or for a
 * process of no business (通用流程) its start form.
 */
export default function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeOf = useBusinessRoute();
  const [diagram, setDiagram] = useState<DiagramTarget>();
  const [starting, setStarting] = useState<FlowProcess>();
  const closeStart = useCallback(() => setStarting(undefined), []);
  const start = (row: FlowProcess) => {
    const kind = routeOf({ category: row.category });
    if (kind) void navigate(processRoutes.form(kind, row.id));
    else setStarting(row);
  };
  return (
    <>
      <FlowList<FlowProcess>
        name="start"
        fetch={fetchStartList}
        rowKey={(row) => row.id}
        filters={
          <Form.Item name="category" label={t('flow.field.category')}>
            <CategorySelect allowClear />
          </Form.Item>
        }
        columns={[
          { key: 'name', dataIndex: 'name', title: t('flow.field.processName'), width: 180 },
          { key: 'key', dataIndex: 'key', title: t('flow.field.processKey'), width: 130 },
          { key: 'category', dataIndex: 'categoryName', title: t('flow.field.category'), width: 130 },
          {
            key: 'version',
            dataIndex: 'version',
            title: t('flow.field.version'),
            width: 80,
            align: 'center',
            render: (v: number) => `v${v}`,
          },
          {
            key: 'description',
            dataIndex: 'description',
            title: t('flow.field.description'),
            width: 240,
            ellipsis: { showTitle: true },
          },
          { key: 'deploymentTime', dataIndex: 'deploymentTime', title: t('flow.field.deploymentTime'), width: 170 },
        ]}
        actionsWidth={140}
        actions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => start(row)}>
              {t('flow.action.start')}
            </Button>
            <Button type="link" size="small" onClick={() => setDiagram({ processDefinitionId: row.id })}>
              {t('flow.action.diagram')}
            </Button>
          </>
        )}
      />
      <FlowDiagramDialog target={diagram} onClose={() => setDiagram(undefined)} />
      <StartFormDialog definition={starting} onClose={closeStart} />
    </>
  );
}
