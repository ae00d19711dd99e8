import { useEffect, useRef } from 'react';
import { Button, Form, InputNumber } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { subjectBalance } from '../../../shared/entities/finance/subject-balance.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { CompanySelect } from '../../components/crud/FieldControl.tsx';
import { useCompanyOptions } from '../../components/crud/crud-api.ts';
import { moneyText } from '../../components/crud/fields.ts';

/** A company's accounting period, as the trial balance's dialogs ask for it. */
export interface Period {
  orgId: string;
  year: number;
  month: number;
}

/** The period a dialog opens on: the list's searched company, year and month, else this year's last month. */
export function initialPeriod(query: Record<string, string | number>): Partial<Period> {
  const today = new Date();
  return {
    orgId: query.orgId_equal ? String(query.orgId_equal) : undefined,
    year: query.year_equal ? Number(query.year_equal) : today.getFullYear(),
    month: query.month_equal ? Number(query.month_equal) : Math.max(today.getMonth(), 1),
  };
}

/**
 * 公司, 年度, 期间 and the button that reads them (`action`: 核对, or 搜索 for a plain view). The period it opens on
 * is read at once: the dialog shows its figures without a click.
 */
export function PeriodForm({
  initial,
  lang,
  onPeriod,
  action = 'finance.balance.load',
}: {
  initial: Partial<Period>;
  lang: Lang;
  onPeriod: (period: Period) => void;
  action?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Period>();
  const { fields } = subjectBalance;
  const companies = useCompanyOptions().data;
  const opened = useRef(false);
  // No company searched: the tenant's first one, so that a one-company tenant only picks the month.
  useEffect(() => {
    if (!form.getFieldValue('orgId') && companies?.length) form.setFieldValue('orgId', companies[0].value);
    const { orgId, year, month } = form.getFieldsValue();
    if (!opened.current && orgId && year && month) {
      opened.current = true;
      onPeriod({ orgId, year, month });
    }
  }, [companies, form, onPeriod]);
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={(values) => onPeriod(values)}
      style={{ marginBottom: 12 }}
    >
      <Form.Item
        name="orgId"
        label={fields.orgId.label[lang]}
        rules={[{ required: true, message: ' ' }]}
        style={{ minWidth: 220 }}
      >
        <CompanySelect field={{ ...fields.orgId, name: 'orgId' }} lang={lang} />
      </Form.Item>
      <Form.Item name="year" label={fields.year.label[lang]} rules={[{ required: true, message: ' ' }]}>
        <InputNumber min={2000} max={2099} precision={0} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="month" label={fields.month.label[lang]} rules={[{ required: true, message: ' ' }]}>
        <InputNumber min={1} max={12} precision={0} style={{ width: 80 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t(action)}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** A balance from its two sides as one figure with its side: `借 1,200.00`, `贷 80.00`, `平`. */
export function sideText(debit: number, credit: number, t: (key: string) => string): string {
  const net = Math.round((debit - credit) * 100) / 100;
  if (net === 0) return t('finance.balance.flat');
  return `${t(net > 0 ? 'finance.balance.debitSide' : 'finance.balance.creditSide')} ${moneyText(Math.abs(net))}`;
}
