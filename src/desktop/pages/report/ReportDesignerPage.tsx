import { useState } from 'react';
import { App, Button, Card, Checkbox, Col, Collapse, Form, Input, Row, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CHART_TYPES,
  PARAM_TYPES,
  REPORT_DESIGN,
  type ReportDefinition,
  type ReportResult,
} from '../../../shared/entities/report/report.ts';
import { usePermission } from '../../permission.ts';
import { ReportParamsForm } from './ReportParamsForm.tsx';
import { ReportResultView } from './ReportResultView.tsx';
import { listReports, reportDetail, REPORTS_KEY, reportViews, runPreview, saveReport } from './report-api.ts';

interface Design extends ReportDefinition {
  name: string;
}

const BLANK: Design = {
  name: '',
  sql: '',
  params: [],
  columns: [],
  sums: [],
  chart: { type: 'none', y: [] },
};

/** The form's values as the definition the server takes (empty optional fields left out). */
function definitionOf(design: Design): ReportDefinition {
  return {
    sql: design.sql ?? '',
    params: (design.params ?? []).map((p) => ({
      ...p,
      required: Boolean(p.required),
      default: p.default || undefined,
    })),
    columns: design.columns ?? [],
    groupBy: design.groupBy || undefined,
    sums: design.sums ?? [],
    chart: { type: design.chart?.type ?? 'none', x: design.chart?.x || undefined, y: design.chart?.y ?? [] },
  };
}

/**
 * 报表配置, the designer: a report's query over the report views (listed beside it), its parameters, column labels,
 * subtotals and chart, a preview run of what is on the form, and saving it for 报表列表.
 */
export default function ReportDesignerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const client = useQueryClient();
  const [form] = Form.useForm<Design>();
  const [id, setId] = useState<string>();
  const [preview, setPreview] = useState<{ definition: ReportDefinition; result?: ReportResult }>();
  const reports = useQuery({
    queryKey: [...REPORTS_KEY, 'all'],
    queryFn: () => listReports({ current: 1, size: 200 }),
  });
  const views = useQuery({ queryKey: ['report', 'views'], queryFn: reportViews, enabled: can(REPORT_DESIGN) });
  const open = async (chosen: string | undefined) => {
    setId(chosen);
    setPreview(undefined);
    if (!chosen) return form.setFieldsValue(BLANK);
    const found = await reportDetail(chosen);
    form.resetFields();
    form.setFieldsValue({ ...BLANK, ...found.definition, name: found.name });
  };
  const save = useMutation({
    mutationFn: (design: Design) => saveReport({ id, name: design.name, definition: definitionOf(design) }),
    onSuccess: async (saved) => {
      setId(saved.id);
      void message.success(t('report.saved'));
      await client.invalidateQueries({ queryKey: REPORTS_KEY });
    },
  });
  const run = useMutation({
    mutationFn: ({ definition, values }: { definition: ReportDefinition; values: Record<string, string | null> }) =>
      runPreview(definition, values),
    onSuccess: (result, { definition }) => setPreview({ definition, result }),
  });
  const startPreview = async () => {
    const design = await form.validateFields();
    setPreview({ definition: definitionOf(design) });
  };
  const typeOptions = PARAM_TYPES.map((type) => ({ value: type, label: t(`report.types.${type}`) }));
  const chartOptions = CHART_TYPES.map((type) => ({ value: type, label: t(`report.charts.${type}`) }));
  return (
    <Row gutter={16}>
      <Col span={17}>
        <Card size="small" className="report-no-print">
          <Space style={{ marginBottom: 12 }}>
            <Select
              aria-label={t('report.choose')}
              placeholder={t('report.choose')}
              style={{ width: 260 }}
              allowClear
              value={id}
              options={(reports.data?.records ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(value: string | undefined) => void open(value)}
            />
            <Button icon={<PlusOutlined />} onClick={() => void open(undefined)}>
              {t('report.newReport')}
            </Button>
          </Space>
          <Form form={form} layout="vertical" initialValues={BLANK} onFinish={(design) => save.mutate(design)}>
            <Form.Item name="name" label={t('report.name')} rules={[{ required: true, message: t('report.name') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="sql" label={t('report.sql')} extra={t('report.sqlHint')} rules={[{ required: true }]}>
              <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Typography.Text strong>{t('report.params')}</Typography.Text>
            <Form.List name="params">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item name={[field.name, 'name']} rules={[{ required: true, pattern: /^[A-Za-z_]\w*$/ }]}>
                        <Input
                          placeholder={t('report.paramName')}
                          aria-label={t('report.paramName')}
                          style={{ width: 120 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'label']}>
                        <Input
                          placeholder={t('report.paramLabel')}
                          aria-label={t('report.paramLabel')}
                          style={{ width: 120 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'type']} initialValue="text">
                        <Select options={typeOptions} aria-label={t('report.paramType')} style={{ width: 100 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'dict']}>
                        <Input placeholder={t('report.paramDict')} style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'default']}>
                        <Input
                          placeholder={t('report.paramDefault')}
                          aria-label={t('report.paramDefault')}
                          style={{ width: 110 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'required']} valuePropName="checked">
                        <Checkbox>{t('report.paramRequired')}</Checkbox>
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Form.Item>
                    <Button type="dashed" onClick={() => add({ type: 'text' })} icon={<PlusOutlined />}>
                      {t('report.addParam')}
                    </Button>
                  </Form.Item>
                </>
              )}
            </Form.List>
            <Typography.Text strong>{t('report.columns')}</Typography.Text>
            <Form.List name="columns">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline">
                      <Form.Item name={[field.name, 'field']} rules={[{ required: true }]}>
                        <Input placeholder={t('report.field')} style={{ width: 160 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'label']} rules={[{ required: true }]}>
                        <Input placeholder={t('report.label')} style={{ width: 160 }} />
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} />
                    </Space>
                  ))}
                  <Form.Item>
                    <Button type="dashed" onClick={() => add()} icon={<PlusOutlined />}>
                      {t('report.addColumn')}
                    </Button>
                  </Form.Item>
                </>
              )}
            </Form.List>
            <Space wrap>
              <Form.Item name="groupBy" label={t('report.groupBy')}>
                <Input style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="sums" label={t('report.sums')}>
                <Select mode="tags" style={{ width: 240 }} open={false} aria-label={t('report.sums')} />
              </Form.Item>
              <Form.Item name={['chart', 'type']} label={t('report.chartType')}>
                <Select options={chartOptions} style={{ width: 140 }} aria-label={t('report.chartType')} />
              </Form.Item>
              <Form.Item name={['chart', 'x']} label={t('report.chartX')}>
                <Input style={{ width: 140 }} aria-label={t('report.chartX')} />
              </Form.Item>
              <Form.Item name={['chart', 'y']} label={t('report.chartY')}>
                <Select mode="tags" style={{ width: 240 }} open={false} aria-label={t('report.chartY')} />
              </Form.Item>
            </Space>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!can(REPORT_DESIGN)}>
                {t('report.save')}
              </Button>
              <Button onClick={() => void startPreview()} disabled={!can(REPORT_DESIGN)}>
                {t('report.preview')}
              </Button>
            </Space>
          </Form>
        </Card>
        {preview && (
          <Card size="small" style={{ marginTop: 16 }} title={form.getFieldValue('name') || t('report.preview')}>
            <div className="report-no-print">
              <ReportParamsForm
                params={preview.definition.params}
                running={run.isPending}
                onRun={(values) => run.mutate({ definition: preview.definition, values })}
              />
            </div>
            {preview.result && (
              <ReportResultView
                title={form.getFieldValue('name') || ''}
                definition={preview.definition}
                result={preview.result}
              />
            )}
          </Card>
        )}
      </Col>
      <Col span={7} className="report-no-print">
        <Card size="small" title={t('report.views')}>
          <Collapse
            size="small"
            items={(views.data ?? []).map((view) => ({
              key: view.name,
              label: <Typography.Text code>{view.name}</Typography.Text>,
              children: (
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {view.columns.map((c) => (
                    <li key={c.name}>
                      <Typography.Text code>{c.name}</Typography.Text>{' '}
                      <Typography.Text type="secondary">{c.type}</Typography.Text>
                    </li>
                  ))}
                </ul>
              ),
            }))}
          />
        </Card>
      </Col>
    </Row>
  );
}
