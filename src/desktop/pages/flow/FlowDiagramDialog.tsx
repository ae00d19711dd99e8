import { Alert, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FlowDiagram } from './FlowDiagram.tsx';
import { modelViewQuery, type DiagramTarget } from './flow-screen-queries.ts';
import { HistoryTable } from './HistoryTable.tsx';

/**
 * 流程图展示 (spec §2 "flow chart display", view mode): the diagram with its ended / running / taken elements
 * styled, and for an instance the history table below it.
 */
export function FlowDiagramDialog({ target, onClose }: { target: DiagramTarget | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(target)}
      title={t('flow.diagram.title')}
      width={1000}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {target && <DiagramBody target={target} />}
    </Modal>
  );
}

function DiagramBody({ target }: { target: DiagramTarget }) {
  const view = useQuery(modelViewQuery(target));
  const { t } = useTranslation();
  const instance = 'processInstanceId' in target ? target.processInstanceId : undefined;
  return (
    <div className="tenon-flow-diagram-dialog">
      {view.data ? (
        <FlowDiagram view={view.data} />
      ) : (
        <div style={{ height: 420, display: 'grid', placeItems: 'center' }}>
          {view.isError ? <Alert type="warning" showIcon title={t('flow.diagram.failed')} /> : <Spin />}
        </div>
      )}
      {instance && (
        <div style={{ marginTop: 16 }}>
          <HistoryTable processInstanceId={instance} />
        </div>
      )}
    </div>
  );
}
