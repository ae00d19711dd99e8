import { useState } from 'react';
import { App, Button, Form, InputNumber, Modal, Select, Steps, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { formatNumber } from '../../../client/format.ts';
import {
  BALANCE_BOOK_VENDORS,
  booksImportUrl,
  booksProgressUrl,
  booksTemplateUrl,
  LEDGER_BOOK_VENDORS,
} from '../../../shared/contract/api/finance.ts';
import type {
  BalanceImported,
  BooksImportProgress,
  LedgerImported,
} from '../../../shared/contract/api/finance.schemas.ts';
import { VOUCHER_STATUS, ledger } from '../../../shared/entities/finance/ledger.ts';
import { subjectBalance } from '../../../shared/entities/finance/subject-balance.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { CompanySelect, FieldControl } from '../../components/crud/FieldControl.tsx';
import {
  ImportErrorList,
  ImportProgress,
  TemplateLink,
  useWorkbookUpload,
  WorkbookPicker,
} from '../../components/crud/import-parts.tsx';
import { DESKTOP_KEY } from '../../queries.ts';
import { BOOKS_STEPS, booksStage, furthest, newImportId } from './books-import-stage.ts';

/** Which book is imported: 明细账 (a company's vouchers) or 科目余额表 (a company's period). */
export type BookKind = 'ledger' | 'balance';

interface Values {
  orgId?: string;
  year?: number;
  month?: number;
  vendor: string;
  voucherStatus?: string;
  isCovered?: boolean;
}

/** How often the progress is asked while an import runs. */
const POLL_MS = 600;

const BOOKS = {
  ledger: { entity: ledger, vendors: LEDGER_BOOK_VENDORS },
  balance: { entity: subjectBalance, vendors: BALANCE_BOOK_VENDORS },
} as const;

/**
 * 导入 of 明细账 / 科目余额表 from the exports of 用友 U8 / T+ and 金蝶 K/3 / KIS (docs/finance-import.md): the company,
 * the year (and the period of a balance), the program whose template to download, the vouchers' status or 覆盖, the
 * file. While it runs: the upload's percent, then the server's phases (read, checked, written) with their row counts,
 * polled under a name the dialog gives the import. A refused file's rows are listed line by line and the file kept
 * to be corrected and sent again; a good one closes the dialog with what was written.
 */
export function BooksImportDialog({
  kind,
  initial,
  onClose,
  onImported,
}: {
  kind: BookKind;
  initial: Partial<Pick<Values, 'orgId' | 'year' | 'month'>>;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { entity, vendors } = BOOKS[kind];
  const base = `/api/${entity.service}/${entity.name}`;
  const vendor = Form.useWatch('vendor', form) ?? vendors[0];
  const [file, setFile] = useState<File>();
  const [importId, setImportId] = useState('');
  const [progress, setProgress] = useState<BooksImportProgress>();

  const upload = useWorkbookUpload<LedgerImported | BalanceImported>(booksImportUrl(base), (answer) => {
    const counts = Object.fromEntries(Object.entries(answer).map(([name, n]) => [name, formatNumber(n, 0)]));
    void message.success(t(`finance.booksImport.${'vouchers' in answer ? 'ledgerDone' : 'balanceDone'}`, counts));
    onImported();
  });
  useQuery({
    queryKey: [DESKTOP_KEY, entity.name, 'books-import-progress', importId],
    queryFn: async () => {
      const answer = await getData<BooksImportProgress>(booksProgressUrl(base), { importId }, { silent: true });
      setProgress((previous) => furthest(previous, answer));
      return answer;
    },
    enabled: upload.pending && importId !== '',
    refetchInterval: POLL_MS,
    gcTime: 0,
  });

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      void message.warning(t('crud.excel.importNoFile'));
      return;
    }
    const id = newImportId();
    setImportId(id);
    setProgress(undefined);
    const fields: Record<string, string> = { orgId: String(values.orgId), importId: id };
    if (values.year) fields.year = String(values.year);
    if (kind === 'ledger') fields.voucherStatus = values.voucherStatus ?? VOUCHER_STATUS.posted;
    else {
      fields.month = String(values.month);
      fields.isCovered = values.isCovered ? '1' : '0';
    }
    upload.send(file, fields);
  };

  const stage = upload.uploaded === undefined ? undefined : booksStage(upload.uploaded, progress);
  const { fields } = entity;
  const required = (label: string) => [{ required: true, message: t('finance.booksImport.required', { label }) }];
  return (
    <Modal
      open
      title={t(kind === 'ledger' ? 'finance.booksImport.ledgerTitle' : 'finance.booksImport.balanceTitle')}
      width={640}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={upload.pending} onClick={() => void submit().catch(() => undefined)}>
          {t('crud.excel.import')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        // Ids of its own: the list's search bar beside it has a year and a company too.
        name={`books-import-${kind}`}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        // Grows from nothing: a long tip wraps inside the column instead of pushing the control below the label.
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
        initialValues={{ voucherStatus: VOUCHER_STATUS.posted, isCovered: false, vendor: vendors[0], ...initial }}
        disabled={upload.pending}
      >
        <Form.Item name="orgId" label={fields.orgId.label[lang]} rules={required(fields.orgId.label[lang])}>
          <CompanySelect field={{ ...fields.orgId, name: 'orgId' }} lang={lang} />
        </Form.Item>
        <Form.Item
          name="year"
          label={fields.year.label[lang]}
          rules={kind === 'balance' ? required(fields.year.label[lang]) : undefined}
          extra={kind === 'ledger' ? t('finance.booksImport.yearTip') : undefined}
        >
          <InputNumber min={2000} max={2099} precision={0} style={{ width: 120 }} />
        </Form.Item>
        {kind === 'balance' && (
          <Form.Item
            name="month"
            label={subjectBalance.fields.month.label[lang]}
            rules={required(subjectBalance.fields.month.label[lang])}
          >
            <InputNumber min={1} max={12} precision={0} style={{ width: 120 }} />
          </Form.Item>
        )}
        <Form.Item name="vendor" label={t('finance.booksImport.program')} extra={t('finance.booksImport.programTip')}>
          <Select
            style={{ width: 220 }}
            options={vendors.map((key) => ({ value: key, label: t(`finance.booksImport.vendors.${kind}.${key}`) }))}
          />
        </Form.Item>
        {kind === 'ledger' ? (
          <Form.Item
            name="voucherStatus"
            label={t('finance.booksImport.status')}
            extra={t('finance.booksImport.statusTip')}
          >
            <FieldControl field={{ ...ledger.fields.voucherStatus, name: 'voucherStatus' }} lang={lang} />
          </Form.Item>
        ) : (
          <Form.Item
            name="isCovered"
            label={t('crud.excel.importCovered')}
            valuePropName="checked"
            extra={t('finance.booksImport.coveredTip')}
          >
            <Switch aria-label={t('crud.excel.importCovered')} />
          </Form.Item>
        )}
        <Form.Item label={t('crud.excel.importFile')} extra={t('finance.booksImport.fileTip')}>
          <WorkbookPicker
            file={file}
            onFile={(picked) => {
              setFile(picked);
              upload.clearErrors();
            }}
          />
        </Form.Item>
        <Form.Item label={t('crud.excel.templateDownload')}>
          <TemplateLink url={`${booksTemplateUrl(base)}?vendor=${vendor}`} />
        </Form.Item>
      </Form>
      {stage && (
        <>
          <Steps
            size="small"
            current={stage.step}
            style={{ marginBottom: 8 }}
            items={BOOKS_STEPS.map((step) => ({ title: t(`finance.booksImport.steps.${step}`) }))}
          />
          <ImportProgress percent={stage.percent}>
            {t(`finance.booksImport.stage.${stage.text.key}`, {
              percent: stage.text.percent,
              rows: formatNumber(stage.text.count ?? 0, 0),
            })}
          </ImportProgress>
        </>
      )}
      <ImportErrorList errors={upload.errors} />
    </Modal>
  );
}
