import { useState } from 'react';
import { Alert, App, Button, InputNumber, Modal, Progress, Space, Table, Tag, type FormInstance } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import { BOMCOST_CALCULATE, bomCost } from '../../../shared/entities/production/bom-cost.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudOptions, DialogMode, WireRecord } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import {
  BOMCOST_CALCULATE_PROGRESS_URL,
  BOMCOST_CALCULATE_URL,
  BOMCOST_DETAIL_URL,
} from '../../../shared/contract/api/production.ts';
import type { CostedLine, JobProgress, RollUp } from '../../../shared/contract/api/production.schemas.ts';

/** What a finished recalculation assumed: the parts it found no buying price for, each counted at 0. */
function UnpricedParts({ job }: { job: JobProgress }) {
  const { t } = useTranslation();
  const parts = job.unpriced ?? [];
  const count = job.unpricedCount ?? parts.length;
  if (!count) return null;
  const more = count - parts.length;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('bom.unpriced', { count, year: job.costYear })}
      description={
        <div style={{ maxHeight: 240, overflow: 'auto' }}>
          {parts.map((part) => (
            <div key={part.productNo}>
              {part.productNo} {part.productName}
            </div>
          ))}
          {more > 0 && <div>{t('bom.unpricedMore', { count: more })}</div>}
        </div>
      }
    />
  );
}

/**
 * 按BOM计算 in the cost dialog: the roll-up of the chosen part, version and year (`bomcost/detail`) fills the material
 * cost (and an empty selling price), and its lines show where the figure comes from, missing prices marked.
 */
function CalculateFromBom({ form }: { form: FormInstance<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rolled, setRolled] = useState<RollUp | null>(null);
  const [busy, setBusy] = useState(false);
  const calculate = async () => {
    const { productId, bomVersion, costYear, currency } = form.getFieldsValue(true) as Record<string, unknown>;
    if (!productId || !bomVersion || !costYear) {
      void message.warning(t('bom.calculateNeeds'));
      return;
    }
    setBusy(true);
    try {
      const result = await getData<RollUp>(BOMCOST_DETAIL_URL, { productId, bomVersion, costYear, currency });
      setRolled(result);
      form.setFieldValue('materialCost', result.suggestedMaterialCost);
      const sales = form.getFieldValue('salesPrice') as unknown;
      if ((sales === undefined || sales === null || sales === '') && result.suggestedSalesPrice !== null)
        form.setFieldValue('salesPrice', result.suggestedSalesPrice);
      const packaging = form.getFieldValue('packagingCost') as unknown;
      if ((packaging === undefined || packaging === null || packaging === '') && result.suggestedPackagingCost !== null)
        form.setFieldValue('packagingCost', result.suggestedPackagingCost);
      void message.success(t('bom.calculated', { cost: result.suggestedMaterialCost }));
    } catch (error) {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="tenon-crud-lines">
      <Button icon={<CalculatorOutlined />} loading={busy} onClick={() => void calculate()}>
        {t('bom.calculate')}
      </Button>
      {rolled && (
        <Table<CostedLine>
          style={{ marginTop: 8 }}
          rowKey={(r) => `${r.componentId}`}
          size="small"
          bordered
          pagination={false}
          dataSource={rolled.lines}
          columns={[
            { key: 'no', title: t('bom.componentNo'), dataIndex: 'componentNo' },
            { key: 'name', title: t('bom.componentName'), dataIndex: 'componentName' },
            { key: 'qty', title: t('bom.grossQty'), dataIndex: 'grossQty', align: 'right' },
            { key: 'unit', title: t('bom.unit'), dataIndex: 'unit' },
            {
              key: 'price',
              title: t('bom.unitPrice'),
              align: 'right',
              render: (_v, r) => (r.priceMissing ? <Tag color="red">{t('bom.priceMissing')}</Tag> : r.unitPrice),
            },
            { key: 'cost', title: t('bom.lineCost'), dataIndex: 'lineCost', align: 'right' },
          ]}
        />
      )}
    </div>
  );
}

/** 重新核算: a year's recalculation started on the server, its progress polled until it ends. */
function RecalculateDialog({ onClose, reload }: { onClose: () => void; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const [job, setJob] = useState<JobProgress | null>(null);
  const progress = useQuery({
    queryKey: [DESKTOP_KEY, 'bomcost-job', job?.jobId],
    queryFn: async () => {
      const next = await getData<JobProgress | null>(BOMCOST_CALCULATE_PROGRESS_URL, { jobId: job?.jobId });
      if (next && next.state !== 'running') {
        void (next.state === 'done'
          ? message.success(t('bom.recalculated'))
          : message.error(t('bom.recalculateFailed')));
        void reload();
      }
      return next;
    },
    enabled: Boolean(job),
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 500),
  });
  const current = progress.data ?? job;
  const start = async () => {
    try {
      setJob(await postData<JobProgress>(BOMCOST_CALCULATE_URL, undefined, { costYear: year }));
    } catch (error) {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    }
  };
  const percent = current && current.total ? Math.round((current.done / current.total) * 100) : current ? 100 : 0;
  return (
    <Modal
      open
      title={t('bom.recalculateTitle')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="start"
          type="primary"
          disabled={current?.state === 'running'}
          loading={current?.state === 'running'}
          onClick={() => void start()}
        >
          {t('bom.start')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          {t('bom.costYear')}
          <InputNumber
            aria-label={t('bom.costYear')}
            min={1000}
            max={9999}
            value={year}
            onChange={(v) => setYear(Number(v ?? year))}
          />
        </Space>
        {current && (
          <>
            <Progress percent={percent} status={current.state === 'failed' ? 'exception' : undefined} />
            <span>{t('bom.progress', { done: current.done, total: current.total })}</span>
            {current.state === 'done' && <UnpricedParts job={current} />}
          </>
        )}
      </Space>
    </Modal>
  );
}

/**
 * /production/bomcost: the shared page over BOM costs, with the stale mark as a tag beside the total, 按BOM计算 in its
 * dialog and 重新核算 (`bomcost_calculate`) in its toolbar.
 */
export default function BomCostPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const [recalculating, setRecalculating] = useState<CrudContext | null>(null);
  const options: CrudOptions = {
    dialogWidth: 900,
    cells: {
      stale: (record: WireRecord) => (record.stale === 1 ? <Tag color="orange">{t('bom.stale')}</Tag> : null),
    },
    dialogExtra: (form, mode: DialogMode) => (mode === 'view' ? null : <CalculateFromBom form={form} />),
    toolbar: (context) =>
      can(BOMCOST_CALCULATE) && (
        <Button icon={<CalculatorOutlined />} onClick={() => setRecalculating(context)}>
          {t('bom.recalculate')}
        </Button>
      ),
  };
  return (
    <>
      <CrudPage entity={bomCost} options={options} />
      {recalculating && <RecalculateDialog onClose={() => setRecalculating(null)} reload={recalculating.reload} />}
    </>
  );
}
