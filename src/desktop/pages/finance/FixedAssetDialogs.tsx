import { App, DatePicker, Form, Modal, Select, Table } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../../client/http.ts';
import { formatNumber } from '../../../client/format.ts';
import type { DepreciationRecord, DepreciationRun } from '../../../shared/contract/api/finance.schemas.ts';
import { FIXEDLEDGER_DEPRECIATE_URL, FIXEDLEDGER_DEPRECIATIONS_URL } from '../../../shared/contract/api/finance.ts';
import { useCompanyOptions } from '../../components/crud/crud-api.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** Today in the tenant's zone (the books' calendar), whatever the browser's zone. */
const thisMonth = () => dayjs(formatDateTime().slice(0, 10));

interface RunForm {
  orgId?: string;
  period?: Dayjs;
}

/**
 * 计提折旧 (`fixedledger_depreciate`): a company and a month (this month by default, an earlier one to catch up). The
 * server records each asset once per month: a second run says so, and nothing changes.
 */
export function DepreciateDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RunForm>();
  const companies = useCompanyOptions();
  const run = useMutation({
    mutationFn: (values: RunForm) =>
      postData<DepreciationRun>(FIXEDLEDGER_DEPRECIATE_URL, {
        orgId: values.orgId,
        period: values.period?.format('YYYY-MM'),
      }),
    onSuccess: (done) => {
      void message.success(
        t('finance.fixedAsset.recorded', {
          period: done.period,
          count: done.assets,
          amount: formatNumber(done.amount),
        }),
      );
      onDone();
    },
    // The server's refusal (本月已计提, 公司不存在 …) is shown by the interceptor; the dialog stays open.
  });
  return (
    <Modal
      open
      title={t('finance.fixedAsset.depreciate')}
      okText={t('finance.fixedAsset.depreciate')}
      confirmLoading={run.isPending}
      onOk={() => void form.validateFields().then((values) => run.mutate(values))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ period: thisMonth() }}>
        <Form.Item
          name="orgId"
          label={t('finance.fixedAsset.company')}
          rules={[{ required: true, message: t('finance.fixedAsset.companyRequired') }]}
        >
          <Select
            options={companies.data ?? []}
            loading={companies.isPending}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('finance.fixedAsset.period')}
          rules={[{ required: true, message: t('finance.fixedAsset.periodRequired') }]}
        >
          <DatePicker
            picker="month"
            disabledDate={(day) => day.isAfter(thisMonth(), 'month')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A card's depreciation, one row a month, newest first: what each run recorded and where it left the card. */
export function DepreciationHistory({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const records = useQuery({
    queryKey: [DESKTOP_KEY, 'fixedledger', 'depreciations', assetId],
    queryFn: () => getData<DepreciationRecord[]>(FIXEDLEDGER_DEPRECIATIONS_URL, { assetId }),
  });
  const money = (value: number) => formatNumber(value);
  return (
    <Table<DepreciationRecord>
      size="small"
      rowKey="id"
      title={() => t('finance.fixedAsset.history')}
      loading={records.isPending}
      dataSource={records.data ?? []}
      pagination={{ pageSize: 12, hideOnSinglePage: true }}
      locale={{ emptyText: t('finance.fixedAsset.noHistory') }}
      columns={[
        { key: 'period', dataIndex: 'period', title: t('finance.fixedAsset.period') },
        { key: 'amount', dataIndex: 'amount', title: t('finance.fixedAsset.amount'), align: 'right', render: money },
        {
          key: 'accumulated',
          dataIndex: 'accumulated',
          title: t('finance.fixedAsset.accumulated'),
          align: 'right',
          render: money,
        },
        { key: 'netValue', dataIndex: 'netValue', title: t('finance.fixedAsset.net'), align: 'right', render: money },
        { key: 'createTime', dataIndex: 'createTime', title: t('finance.fixedAsset.recordedAt') },
      ]}
    />
  );
}
