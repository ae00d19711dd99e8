import { useEffect, useMemo, useState } from 'react';
import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../../client/http.ts';
import type { NextVoucherNo, Voucher } from '../../../shared/contract/api/finance.schemas.ts';
import {
  BOOK_CURRENCY,
  DEFAULT_VOUCHER_WORD,
  LEDGER_AUDIT,
  LEDGER_POST,
  LEDGER_UNAUDIT,
  VOUCHER_STATUS,
  ledger,
} from '../../../shared/entities/finance/ledger.ts';
import { subject } from '../../../shared/entities/finance/subject.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { FieldControl } from '../../components/crud/FieldControl.tsx';
import { entityApi } from '../../components/crud/crud-api.ts';
import { namedFields } from '../../components/crud/field-lists.ts';
import { wireValueProps, type CrudField } from '../../components/crud/fields.ts';
import { AttachmentsControl, type AttachmentItem } from '../../components/upload/AttachmentsControl.tsx';
import { useSession } from '../../../client/session.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { auxFieldsOf, voucherBalance } from './voucher-balance.ts';

const BASE = `/api/${ledger.service}/${ledger.name}`;
const FIELDS = new Map(namedFields(ledger).map((field) => [field.name, field]));
const fieldOf = (name: string): CrudField => FIELDS.get(name)!;
const money = (value: number) => value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A voucher as its lines name it: company, period, word and number. */
export interface VoucherKey {
  orgId: string;
  year: number;
  month: number;
  voucherWord: string;
  voucherNo: number;
}

interface LineValues {
  id?: string;
  summary?: string;
  subjectCode?: string;
  debitAmount?: number | null;
  creditAmount?: number | null;
  currency?: string;
  exchangeRate?: number | null;
  originalAmount?: number | null;
  customerId?: string | null;
  supplierId?: string | null;
  deptId?: string | null;
  project?: string;
}

interface VoucherForm {
  orgId?: string;
  voucherDate?: string;
  voucherWord?: string;
  voucherNo?: number | null;
  attachmentCount?: number | null;
  /** The voucher's source documents (the lines share them), as files. */
  attach?: AttachmentItem[];
  lines: LineValues[];
}

interface Account {
  code: string;
  fullName: string;
  auxTypes: string;
}

type SubjectRow = Record<string, unknown> & { children?: SubjectRow[] };

/** The leaf accounts a line may take (enabled ones), with their full names and auxiliary dimensions. */
function useAccounts(): Account[] {
  const rows = useQuery({
    queryKey: [DESKTOP_KEY, 'ledger', 'accounts'],
    queryFn: () => entityApi(subject).rows<SubjectRow[]>('list', {}),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const accounts: Account[] = [];
    const walk = (list: SubjectRow[] | undefined) => {
      for (const row of list ?? []) {
        if (Number(row.isLeaf) === 1 && Number(row.status ?? 1) === 1)
          accounts.push({
            code: String(row.subjectCode),
            fullName: String(row.fullName || row.subjectName),
            auxTypes: String(row.auxTypes ?? ''),
          });
        walk(row.children);
      }
    };
    walk(rows.data);
    return accounts.sort((a, b) => a.code.localeCompare(b.code));
  }, [rows.data]);
}

const blankLine = (): LineValues => ({ currency: BOOK_CURRENCY, debitAmount: null, creditAmount: null });

/** What the form shows of a saved voucher. */
const formOf = (voucher: Voucher): VoucherForm => ({
  orgId: voucher.orgId,
  voucherDate: voucher.voucherDate,
  voucherWord: voucher.voucherWord,
  voucherNo: voucher.voucherNo,
  attachmentCount: voucher.attachmentCount,
  attach: voucher.attachFiles,
  lines: voucher.lines.map((line) => ({
    id: String(line.id),
    summary: String(line.summary ?? ''),
    subjectCode: String(line.subjectCode ?? ''),
    debitAmount: Number(line.debitAmount) || null,
    creditAmount: Number(line.creditAmount) || null,
    currency: String(line.currency ?? BOOK_CURRENCY),
    exchangeRate: line.exchangeRate === null ? null : Number(line.exchangeRate),
    originalAmount: line.originalAmount === null ? null : Number(line.originalAmount),
    customerId: (line.customerId as string | null) ?? null,
    supplierId: (line.supplierId as string | null) ?? null,
    deptId: (line.deptId as string | null) ?? null,
    project: String(line.project ?? ''),
  })),
});

const keyOf = (voucher: Voucher): VoucherKey => ({
  orgId: voucher.orgId,
  year: voucher.year,
  month: voucher.month,
  voucherWord: voucher.voucherWord,
  voucherNo: voucher.voucherNo,
});

interface Props {
  /** The voucher opened; none for a new one. */
  open?: VoucherKey;
  onClose: () => void;
  /** Something was saved or moved: the list reads again. */
  onChanged: () => void;
}

/**
 * 凭证 (issue 35): a voucher entered and edited as one document. The header (company, date, word, number: a new
 * voucher's proposed by the server), its lines with leaf accounts by full name and the auxiliary dimensions the
 * account keeps, the running 借方/贷方 totals and their difference; 保存 saves it all or nothing, 审核 / 反审核 / 记账
 * move it whole, each shown by the voucher's state and the caller's buttons.
 */
export function VoucherDialog({ open, onClose, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const me = useSession().userInfo?.real_name;
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const { can } = usePermission();
  const [form] = Form.useForm<VoucherForm>();
  const [key, setKey] = useState<VoucherKey | undefined>(open);
  const accounts = useAccounts();
  const accountOf = useMemo(() => new Map(accounts.map((a) => [a.code, a])), [accounts]);
  const loaded = useQuery({
    queryKey: [DESKTOP_KEY, 'ledger', 'voucher', key],
    queryFn: () => getData<Voucher>(`${BASE}/voucher`, key as unknown as Record<string, unknown>),
    enabled: Boolean(key),
  });
  const voucher = loaded.data;
  useEffect(() => {
    if (voucher) form.setFieldsValue(formOf(voucher));
  }, [voucher, form]);
  const status = voucher?.voucherStatus ?? VOUCHER_STATUS.unaudited;
  const editable = status === VOUCHER_STATUS.unaudited && can(`${ledger.code}_${key ? 'edit' : 'add'}`);

  // A new voucher takes the next number of its company, period and word.
  const orgId = Form.useWatch('orgId', form);
  const voucherDate = Form.useWatch('voucherDate', form);
  const voucherWord = Form.useWatch('voucherWord', form);
  const period = voucherDate ? { year: Number(voucherDate.slice(0, 4)), month: Number(voucherDate.slice(5, 7)) } : null;
  const proposed = useQuery({
    queryKey: [DESKTOP_KEY, 'ledger', 'next-voucher-no', orgId, period?.year, period?.month, voucherWord],
    queryFn: () => getData<NextVoucherNo>(`${BASE}/next-voucher-no`, { orgId, ...period, voucherWord }),
    enabled: !key && Boolean(orgId && period && voucherWord),
  });
  useEffect(() => {
    if (!key && proposed.data) form.setFieldValue('voucherNo', proposed.data.voucherNo);
  }, [key, proposed.data, form]);

  const lines = Form.useWatch('lines', form) as LineValues[] | undefined;
  const balance = voucherBalance(lines);

  const done = (saved: Voucher, text: string) => {
    void message.success(text);
    setKey(keyOf(saved));
    void loaded.refetch();
    onChanged();
  };
  const save = useMutation({
    mutationFn: (values: VoucherForm) =>
      postData<Voucher>(`${BASE}/voucher-submit`, {
        ...values,
        attach: (values.attach ?? []).map((file) => file.id).join(','),
        original: key,
        lines: values.lines.map((line) => ({
          ...line,
          debitAmount: line.debitAmount ?? 0,
          creditAmount: line.creditAmount ?? 0,
        })),
      }),
    onSuccess: (saved) => done(saved, t('common.operationSuccess')),
  });
  const move = useMutation({
    mutationFn: (route: string) => postData<Voucher>(`${BASE}/${route}`, key),
    onSuccess: (saved) => done(saved, t('common.operationSuccess')),
  });

  const lineField = (row: number, name: string, extra?: Partial<CrudField>) => {
    const field = { ...fieldOf(name), ...extra };
    return (
      <Form.Item name={[row, name]} {...wireValueProps(field)} style={{ margin: 0 }}>
        <FieldControl field={field} lang={lang} disabled={!editable} />
      </Form.Item>
    );
  };
  const label = (name: string) => fieldOf(name).label[lang];
  const accountOptions = accounts.map((a) => ({ value: a.code, label: `${a.code} ${a.fullName}` }));

  const footer = [
    <Button key="close" onClick={onClose}>
      {t('common.close')}
    </Button>,
    key && status === VOUCHER_STATUS.unaudited && can(LEDGER_AUDIT) && (
      <Button key="audit" loading={move.isPending} onClick={() => move.mutate('voucher-audit')}>
        {t('finance.voucher.audit')}
      </Button>
    ),
    key && status === VOUCHER_STATUS.audited && can(LEDGER_UNAUDIT) && (
      <Button key="unaudit" loading={move.isPending} onClick={() => move.mutate('voucher-unaudit')}>
        {t('finance.voucher.unaudit')}
      </Button>
    ),
    key && status === VOUCHER_STATUS.audited && can(LEDGER_POST) && (
      <Button key="post" type="primary" loading={move.isPending} onClick={() => move.mutate('voucher-post')}>
        {t('finance.voucher.post')}
      </Button>
    ),
    editable && (
      <Button
        key="save"
        type="primary"
        loading={save.isPending}
        onClick={() =>
          void form.validateFields().then(
            (values) => save.mutate({ ...values, lines: form.getFieldValue('lines') as LineValues[] }),
            () => undefined,
          )
        }
      >
        {t('common.save')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Modal
      open
      width={1200}
      title={
        <Space>
          {t(key ? 'finance.voucher.title' : 'finance.voucher.newTitle', {
            word: voucher?.voucherWord ?? '',
            no: voucher?.voucherNo ?? '',
          })}
          {voucher && (
            <Tag
              color={
                status === VOUCHER_STATUS.unaudited ? 'default' : status === VOUCHER_STATUS.audited ? 'blue' : 'green'
              }
            >
              {String(voucher.lines[0]?.voucherStatusName ?? '')}
            </Tag>
          )}
        </Space>
      }
      loading={Boolean(key) && loaded.isPending}
      footer={footer}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<VoucherForm>
        form={form}
        name="voucher"
        layout="vertical"
        disabled={!editable}
        initialValues={{
          voucherWord: DEFAULT_VOUCHER_WORD,
          voucherDate: dayjs().format('YYYY-MM-DD'),
          attachmentCount: 0,
          lines: [blankLine(), blankLine()],
        }}
      >
        <Row gutter={16}>
          {(['orgId', 'voucherDate', 'voucherWord', 'voucherNo', 'attachmentCount'] as const).map((name) => (
            <Col span={name === 'orgId' ? 6 : 4} key={name}>
              <Form.Item
                name={name}
                label={label(name)}
                rules={
                  name === 'attachmentCount'
                    ? []
                    : [{ required: name !== 'voucherNo', message: t('crud.select', { label: label(name) }) }]
                }
                {...wireValueProps(fieldOf(name))}
              >
                {name === 'voucherDate' ? (
                  <DatePicker style={{ width: '100%' }} />
                ) : name === 'voucherNo' || name === 'attachmentCount' ? (
                  <InputNumber min={name === 'voucherNo' ? 1 : 0} precision={0} style={{ width: '100%' }} />
                ) : (
                  <FieldControl field={fieldOf(name)} lang={lang} disabled={!editable} />
                )}
              </Form.Item>
            </Col>
          ))}
          <Col span={2}>
            <Form.Item label={label('maker')}>
              {/* A new voucher's maker is whoever enters it (the server writes the same). */}
              <Typography.Text>{voucher ? voucher.maker : (me ?? '')}</Typography.Text>
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="attach" label={label('attach')}>
          <AttachmentsControl disabled={!editable} />
        </Form.Item>
        <Form.List name="lines">
          {(rows, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={rows}
                className="tenon-voucher-lines"
                columns={[
                  {
                    key: 'entryNo',
                    title: label('entryNo'),
                    width: 56,
                    render: (_: unknown, _row, index) => index + 1,
                  },
                  {
                    key: 'summary',
                    title: label('summary'),
                    width: 200,
                    render: (_: unknown, row: { name: number }) => (
                      <Form.Item
                        name={[row.name, 'summary']}
                        rules={[{ required: true, message: t('crud.input', { label: label('summary') }) }]}
                        style={{ margin: 0 }}
                      >
                        <Input maxLength={255} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'subjectCode',
                    title: label('subjectCode'),
                    width: 260,
                    render: (_: unknown, row: { name: number }) => (
                      <Form.Item
                        name={[row.name, 'subjectCode']}
                        rules={[{ required: true, message: t('crud.select', { label: label('subjectCode') }) }]}
                        style={{ margin: 0 }}
                      >
                        <Select
                          showSearch
                          optionFilterProp="label"
                          options={accountOptions}
                          popupMatchSelectWidth={360}
                        />
                      </Form.Item>
                    ),
                  },
                  ...(['debitAmount', 'creditAmount'] as const).map((name) => ({
                    key: name,
                    title: label(name),
                    width: 130,
                    render: (_: unknown, row: { name: number }) => (
                      <Form.Item name={[row.name, name]} style={{ margin: 0 }}>
                        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  })),
                  {
                    key: 'currency',
                    title: label('currency'),
                    width: 220,
                    render: (_: unknown, row: { name: number }) => {
                      const foreign = (lines?.[row.name]?.currency ?? BOOK_CURRENCY) !== BOOK_CURRENCY;
                      return (
                        <Space.Compact block>
                          {lineField(row.name, 'currency')}
                          {foreign && (
                            <>
                              <Form.Item name={[row.name, 'exchangeRate']} style={{ margin: 0 }}>
                                <InputNumber min={0} placeholder={label('exchangeRate')} style={{ width: 80 }} />
                              </Form.Item>
                              <Form.Item name={[row.name, 'originalAmount']} style={{ margin: 0 }}>
                                <InputNumber
                                  min={0}
                                  precision={2}
                                  placeholder={label('originalAmount')}
                                  style={{ width: 100 }}
                                />
                              </Form.Item>
                            </>
                          )}
                        </Space.Compact>
                      );
                    },
                  },
                  {
                    key: 'aux',
                    title: t('finance.voucher.aux'),
                    width: 260,
                    render: (_: unknown, row: { name: number }) => {
                      const code = lines?.[row.name]?.subjectCode;
                      const needed = auxFieldsOf(code ? accountOf.get(code)?.auxTypes : '');
                      return (
                        <Space direction="vertical" size={4} style={{ width: '100%' }}>
                          {needed.map((name) => (
                            <div key={name} title={label(name)}>
                              {name === 'project' ? (
                                <Form.Item name={[row.name, name]} style={{ margin: 0 }}>
                                  <Input placeholder={label(name)} maxLength={64} />
                                </Form.Item>
                              ) : (
                                lineField(row.name, name)
                              )}
                            </div>
                          ))}
                        </Space>
                      );
                    },
                  },
                  ...(editable
                    ? [
                        {
                          key: 'actions',
                          title: t('crud.actions'),
                          width: 70,
                          render: (_: unknown, row: { name: number }) => (
                            <Button type="link" size="small" danger onClick={() => remove(row.name)}>
                              {t('common.delete')}
                            </Button>
                          ),
                        },
                      ]
                    : []),
                ]}
                summary={() => (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={3}>
                      {t('finance.voucher.total')}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3}>
                      <span data-testid="voucher-debit">{money(balance.debit)}</span>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4}>
                      <span data-testid="voucher-credit">{money(balance.credit)}</span>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} colSpan={editable ? 3 : 2}>
                      <Typography.Text
                        type={balance.difference === 0 ? 'success' : 'danger'}
                        data-testid="voucher-difference"
                      >
                        {balance.difference === 0
                          ? t('finance.voucher.balanced')
                          : t('finance.voucher.difference', { amount: money(balance.difference) })}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
              {editable && (
                <Button type="dashed" block onClick={() => add(blankLine())} style={{ marginTop: 8 }}>
                  {t('crud.addLine')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
