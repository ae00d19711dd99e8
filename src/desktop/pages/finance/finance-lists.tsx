import { Form, Select, Space, Tag, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { RELATED_PARTIES_URL } from '../../../shared/contract/api/finance.ts';
import type { RelatedParty } from '../../../shared/contract/api/finance.schemas.ts';
import { financeStat } from '../../../shared/entities/finance/finance-stat.ts';
import { incomeExpense } from '../../../shared/entities/finance/income-expense.ts';
import { overdueStat } from '../../../shared/entities/finance/overdue-stat.ts';
import {
  COUNTERPARTY_CHECK,
  COUNTERPARTY_DIFFERS,
  relatedStat,
} from '../../../shared/entities/finance/related-stat.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import { moneyText, type WireRecord } from '../../components/crud/fields.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { ChartedListPage } from './ChartedListPage.tsx';

/** The finance statistics screens of issue 35: their charts, footers and hints on the shared page. */

const amount = (value: unknown) => (typeof value === 'number' ? moneyText(value) : '-');

/** 收支流水: the monthly cash chart, and Σ receipts, Σ payments and the net of what the search selects. */
export function IncomeExpensePage() {
  const { t } = useTranslation();
  return (
    <ChartedListPage
      entity={incomeExpense}
      chart="cash"
      options={{
        footer: (page) => (
          <Space size={32} className="tenon-cash-totals">
            <span>
              {t('finance.cash.receipts')}: <b>{amount(page.sumReceipts)}</b>
            </span>
            <span>
              {t('finance.cash.payments')}: <b>{amount(page.sumPayments)}</b>
            </span>
            <span>
              {t('finance.cash.net')}: <b>{amount(page.sumSignedAmount)}</b>
            </span>
          </Space>
        ),
      }}
    />
  );
}

/** 逾期统计: the aging chart by statement month; the footer's ratio is the server's, from the totals. */
export function OverdueStatPage() {
  return <ChartedListPage entity={overdueStat} chart="aging" />;
}

/** 财务统计: each company's monthly revenue, cost and net profit. */
export function FinanceStatPage() {
  return <ChartedListPage entity={financeStat} chart="profit" />;
}

/**
 * Picks a party for the form: a group company fills 关联方 and 关联方公司, a related customer or supplier 关联方
 * alone (the company cleared); typing another name in 关联方 stays possible.
 */
function PartyPicker({ form }: { form: FormInstance<Record<string, unknown>> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const parties = useQuery({
    queryKey: [DESKTOP_KEY, 'relatedstat', 'parties'],
    queryFn: () => getData<RelatedParty[]>(RELATED_PARTIES_URL),
    staleTime: 60_000,
  });
  const label = relatedStat.fields.relatedParty.label[lang];
  return (
    <Form.Item label={t('finance.related.pick')} style={{ marginBottom: 0 }}>
      <Select<string>
        showSearch
        allowClear
        aria-label={label}
        placeholder={label}
        loading={parties.isFetching}
        options={(parties.data ?? []).map((party) => ({ value: `${party.kind}:${party.name}`, label: party.name }))}
        onChange={(value) => {
          const party = parties.data?.find((p) => `${p.kind}:${p.name}` === value);
          if (party) form.setFieldsValue({ relatedParty: party.name, relatedOrgId: party.orgId || undefined });
        }}
      />
    </Form.Item>
  );
}

/**
 * 关联交易统计: a row whose group counterparty reports another amount under the opposite type is flagged
 * 双方金额不一致 (the server's check of the page); the form picks a party from the group and the related partners.
 */
export function RelatedStatPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <CrudPage
      entity={relatedStat}
      options={{
        ...relatedStat.screen,
        cells: {
          counterpartyCheck: (record: WireRecord) =>
            record.counterpartyCheck === COUNTERPARTY_CHECK.differs ? (
              <Tag color="error">{COUNTERPARTY_DIFFERS[lang]}</Tag>
            ) : record.counterpartyCheck === COUNTERPARTY_CHECK.matches ? (
              <Tag color="success">{t('finance.related.matches')}</Tag>
            ) : null,
        },
        cellTexts: { counterpartyCheck: COUNTERPARTY_DIFFERS[lang] },
        dialogExtra: (form, mode) => (mode === 'view' ? null : <PartyPicker form={form} />),
      }}
    />
  );
}
