import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_DELETE, REPORT_EXPORT, REPORT_RUN } from '../../../shared/entities/report/report.ts';
import type { ReportResult } from '../../../shared/entities/report/report.ts';
import { usePermission } from '../../permission.ts';
import { ReportParamsForm } from './ReportParamsForm.tsx';
import { ReportResultView } from './ReportResultView.tsx';
import {
  exportReport,
  listReports,
  removeReports,
  reportDetail,
  REPORTS_KEY,
  runSaved,
  type ReportRow,
} from './report-api.ts';

/** 报表列表: the tenant's reports; 运行 opens one's parameter form, and its result below (table, chart, print, export). */
export default function ReportListPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [chosen, setChosen] = useState<string>();
  const list = useQuery({
    queryKey: [...REPORTS_KEY, name, page],
    queryFn: () => listReports({ ...page, name: name || undefined }),
  });
  const remove = useMutation({
    mutationFn: removeReports,
    onSuccess: () => {
      setChosen(undefined);
      return client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
  const columns = [
    { title: t('report.name'), dataIndex: 'name', key: 'name' },
    { title: t('report.updateTime'), dataIndex: 'updateTime', key: 'updateTime', width: 180 },
    {
      title: '',
      key: 'actions',
      width: 160,
      render: (_: unknown, row: ReportRow) => (
        <Space>
          {can(REPORT_RUN) && (
            <Button type="link" size="small" onClick={() => setChosen(row.id)}>
              {t('report.run')}
            </Button>
          )}
          {can(REPORT_DELETE) && (
            <Popconfirm title={t('report.removeConfirm')} onConfirm={() => remove.mutate([row.id])}>
              <Button type="link" size="small" danger>
                {t('report.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" className="report-no-print">
        <Input.Search
          placeholder={t('report.name')}
          allowClear
          enterButton={t('report.search')}
          onSearch={(value) => {
            setName(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ maxWidth: 360, marginBottom: 12 }}
        />
        <Table<ReportRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isPending}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
        />
      </Card>
      {chosen && <ReportRunner id={chosen} canExport={can(REPORT_EXPORT)} />}
    </Space>
  );
}

function ReportRunner({ id, canExport }: { id: string; canExport: boolean }) {
  const detail = useQuery({ queryKey: ['report', 'detail', id], queryFn: () => reportDetail(id) });
  const [params, setParams] = useState<Record<string, string | null>>({});
  const [result, setResult] = useState<ReportResult>();
  const run = useMutation({
    mutationFn: (values: Record<string, string | null>) => runSaved(id, values),
    onSuccess: setResult,
  });
  const report = detail.data;
  if (!report) return <Card loading />;
  return (
    <Card title={report.name} size="small">
      <div className="report-no-print">
        <ReportParamsForm
          params={report.definition.params}
          running={run.isPending}
          onRun={(values) => {
            setParams(values);
            run.mutate(values);
          }}
        />
      </div>
      {result && (
        <ReportResultView
          title={report.name}
          definition={report.definition}
          result={result}
          onExport={canExport ? () => void exportReport(id, params).catch(() => undefined) : undefined}
        />
      )}
    </Card>
  );
}
