import { useEffect } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { DICT_BIZ_URL } from '../../../shared/contract/api/system.ts';
import type { ReportParam } from '../../../shared/entities/report/report.ts';

type Values = Record<string, string | null>;

function DictSelect({ code, ...rest }: { code: string; value?: string; onChange?: (v: string) => void }) {
  const items = useQuery({
    queryKey: ['report', 'dict', code],
    queryFn: () => getData<Array<{ dictKey: string; dictValue: string }>>(DICT_BIZ_URL, { code }),
    enabled: code !== '',
  });
  return (
    <Select
      allowClear
      style={{ minWidth: 160 }}
      options={(items.data ?? []).map((i) => ({ value: i.dictKey, label: i.dictValue }))}
      {...rest}
    />
  );
}

/** A report's parameters as a search form: each by its type, with its default; `onRun` gets them as text. */
export function ReportParamsForm({
  params,
  onRun,
  running,
  extra,
}: {
  params: readonly ReportParam[];
  onRun: (values: Values) => void;
  running: boolean;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(
        params.map((p) => [
          p.name,
          p.type === 'date' && p.default
            ? dayjs(p.default)
            : p.type === 'number' && p.default
              ? Number(p.default)
              : p.default,
        ]),
      ),
    );
  }, [form, params]);
  const submit = (raw: Record<string, unknown>) => {
    const values: Values = {};
    for (const p of params) {
      const value = raw[p.name];
      values[p.name] =
        value === undefined || value === null || value === ''
          ? null
          : dayjs.isDayjs(value)
            ? value.format('YYYY-MM-DD')
            : String(value);
    }
    onRun(values);
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8, marginBottom: 12 }}>
      {params.map((p) => (
        <Form.Item
          key={p.name}
          name={p.name}
          label={p.label || p.name}
          rules={p.required ? [{ required: true, message: `${p.label || p.name}` }] : []}
        >
          {p.type === 'number' ? (
            <InputNumber aria-label={p.label || p.name} />
          ) : p.type === 'date' ? (
            <DatePicker aria-label={p.label || p.name} />
          ) : p.type === 'dict' ? (
            <DictSelect code={p.dict ?? ''} />
          ) : (
            <Input aria-label={p.label || p.name} allowClear />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={running}>
            {t('report.run')}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}
