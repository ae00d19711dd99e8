import { useState } from 'react';
import { Alert, App, Button, Card, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import {
  SUBJECTBALANCE_CHECK_URL,
  SUBJECTBALANCE_GENERATE_URL,
  SUBJECTBALANCE_SUMMARY_URL,
} from '../../../shared/contract/api/finance.ts';
import type {
  BalanceCheck,
  BalanceFigures,
  BalanceGenerated,
  BalanceSummaryRow,
} from '../../../shared/contract/api/finance.schemas.ts';
import { SUBJECTBALANCE_GENERATE, subjectBalance } from '../../../shared/entities/finance/subject-balance.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { crudKey } from '../../components/crud/crud-api.ts';
import { moneyText } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { PeriodForm, sideText, type Period } from './balance-period.tsx';

interface Props {
  initial: Partial<Period>;
  lang: Lang;
  onClose: () => void;
}

const RED = { color: '#cf1322' };

/**
 * 生成余额 / 账表核对: per account of a period, the stored balance beside the books (posted vouchers) and the
 * difference, differing rows in red. 生成余额 adds the accounts without a row and overwrites only the differing rows the
 * user ticks (the server's rule: imported or typed balances are never replaced unasked). Without the button the dialog
 * is the comparison alone.
 */
export function GenerateDialog({ initial, lang, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermission();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<Period | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const rows = useQuery({
    queryKey: [DESKTOP_KEY, 'subjectbalance', 'check', period],
    queryFn: () => getData<BalanceCheck[]>(SUBJECTBALANCE_CHECK_URL, { ...period }),
    enabled: period !== null,
  });
  const generate = useMutation({
    mutationFn: () =>
      postData<BalanceGenerated>(SUBJECTBALANCE_GENERATE_URL, { ...period, overwrite: ticked.join(',') }),
    onSuccess: (result) => {
      void message.success(t('finance.balance.generated', result));
      setTicked([]);
      void queryClient.invalidateQueries({ queryKey: crudKey(subjectBalance) });
      void rows.refetch();
    },
    onError: (error) => {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    },
  });
  const data = rows.data ?? [];
  const differing = data.filter((row) => row.differs);
  const may = can(SUBJECTBALANCE_GENERATE);
  const pair = (title: string, of: (figures: BalanceFigures) => string, key: string) => ({
    title,
    children: [
      {
        key: `${key}-stored`,
        title: t('finance.balance.stored'),
        align: 'right' as const,
        render: (_: unknown, row: BalanceCheck) => (row.stored ? of(row.stored) : '-'),
      },
      {
        key: `${key}-books`,
        title: t('finance.balance.books'),
        align: 'right' as const,
        render: (_: unknown, row: BalanceCheck) => of(row.books),
      },
    ],
  });
  const columns: TableColumnsType<BalanceCheck> = [
    { key: 'code', title: subjectBalance.fields.subjectCode.label[lang], dataIndex: 'subjectCode', width: 100 },
    { key: 'name', title: subjectBalance.fields.subjectName.label[lang], dataIndex: 'subjectName', width: 120 },
    {
      key: 'state',
      title: t('finance.balance.state'),
      width: 90,
      render: (_, row) =>
        !row.stored ? (
          <Tag color="orange">{t('finance.balance.missing')}</Tag>
        ) : row.differs ? (
          <Tag color="red">{t('finance.balance.differs')}</Tag>
        ) : (
          <Tag color="green">{t('finance.balance.agrees')}</Tag>
        ),
    },
    pair(t('finance.balance.opening'), (f) => sideText(f.openingDebit, f.openingCredit, t), 'opening'),
    pair(t('finance.balance.periodDebit'), (f) => moneyText(f.periodDebit), 'debit'),
    pair(t('finance.balance.periodCredit'), (f) => moneyText(f.periodCredit), 'credit'),
    pair(t('finance.balance.closing'), (f) => sideText(f.closingDebit, f.closingCredit, t), 'closing'),
    {
      key: 'difference',
      title: t('finance.balance.difference'),
      align: 'right',
      render: (_, row) => {
        const d = row.difference;
        const net = Math.round((d.closingDebit - d.closingCredit) * 100) / 100;
        return <span style={net === 0 ? undefined : RED}>{moneyText(net)}</span>;
      },
    },
  ];
  return (
    <Modal
      open
      width={1200}
      title={t(may ? 'finance.balance.generateTitle' : 'finance.balance.check')}
      okText={t('finance.balance.generate')}
      cancelText={t('common.close')}
      okButtonProps={{ disabled: !period || rows.isFetching, style: may ? undefined : { display: 'none' } }}
      confirmLoading={generate.isPending}
      onOk={() => generate.mutate()}
      onCancel={onClose}
    >
      <PeriodForm
        initial={initial}
        lang={lang}
        onPeriod={(next) => {
          setTicked([]);
          setPeriod(next);
        }}
      />
      {may && <Alert type="info" showIcon title={t('finance.balance.overwriteHint')} style={{ marginBottom: 12 }} />}
      {period && rows.data && (
        <Typography.Paragraph style={differing.length ? RED : undefined}>
          {differing.length
            ? t('finance.balance.differCount', { count: differing.length })
            : t('finance.balance.allAgree')}
        </Typography.Paragraph>
      )}
      <Table<BalanceCheck>
        rowKey="subjectCode"
        size="small"
        bordered
        loading={rows.isFetching}
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ y: 420 }}
        onRow={(row) => ({ style: row.differs ? { background: '#fff1f0' } : undefined })}
        rowSelection={
          may
            ? {
                selectedRowKeys: ticked,
                onChange: (keys) => setTicked(keys.map(String)),
                getCheckboxProps: (row) => ({ disabled: !row.stored || !row.differs }),
              }
            : undefined
        }
      />
    </Modal>
  );
}

/**
 * 总账科目汇总, the trial balance's other view: a period's rows by level-1 account, each the sum of its leaves
 * (unfolded below it), as the server works it out (`subjectbalance/summary`); 返回明细 goes back to the leaf rows.
 */
export function SummaryView({ initial, lang, onClose }: Props) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period | null>(initial.orgId ? (initial as Period) : null);
  const rows = useQuery({
    queryKey: [DESKTOP_KEY, 'subjectbalance', 'summary', period],
    queryFn: () => getData<BalanceSummaryRow[]>(SUBJECTBALANCE_SUMMARY_URL, { ...period }),
    enabled: period !== null,
  });
  const { fields } = subjectBalance;
  const money = (name: keyof BalanceSummaryRow) => ({
    key: name,
    dataIndex: name,
    title: fields[name].label[lang],
    align: 'right' as const,
    render: (value: number) => moneyText(value),
  });
  const columns: TableColumnsType<BalanceSummaryRow> = [
    { key: 'code', title: fields.subjectCode.label[lang], dataIndex: 'subjectCode', width: 140 },
    { key: 'name', title: fields.subjectName.label[lang], dataIndex: 'subjectName', width: 140 },
    money('openingDebit'),
    money('openingCredit'),
    money('periodDebit'),
    money('periodCredit'),
    money('ytdDebit'),
    money('ytdCredit'),
    money('closingDebit'),
    money('closingCredit'),
  ];
  return (
    <Card
      variant="borderless"
      title={t('finance.balance.summaryTitle')}
      extra={
        <Button icon={<RollbackOutlined />} onClick={onClose}>
          {t('finance.balance.back')}
        </Button>
      }
    >
      <PeriodForm initial={initial} lang={lang} onPeriod={setPeriod} action="common.search" />
      <Table<BalanceSummaryRow>
        rowKey="subjectCode"
        size="small"
        bordered
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data ?? []}
        pagination={false}
      />
    </Card>
  );
}
