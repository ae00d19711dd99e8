import { useEffect, useRef, useState } from 'react';
import { App, Button, Form, Typography, type FormInstance } from 'antd';
import {
  ApartmentOutlined,
  AuditOutlined,
  CalculatorOutlined,
  HistoryOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData } from '../../../client/http.ts';
import { SUBJECTBALANCE_OPENING_URL } from '../../../shared/contract/api/finance.ts';
import type { OpeningProposal } from '../../../shared/contract/api/finance.schemas.ts';
import {
  SUBJECTBALANCE_GENERATE,
  SUBJECTBALANCE_IMPORT,
  subjectBalance,
} from '../../../shared/entities/finance/subject-balance.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import { crudKey, entityApi } from '../../components/crud/crud-api.ts';
import { moneyText, type CrudContext, type CrudOptions, type DialogMode } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { GenerateDialog, SummaryView } from './BalanceDialogs.tsx';
import { BooksImportDialog } from './BooksImportDialog.tsx';
import { initialPeriod, type Period } from './balance-period.tsx';

type Values = Record<string, unknown>;
const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The opening a new row starts with (domain/finance.md: when month M−1 exists, the form proposes opening = previous
 * closing): brought forward once company, year, period and account are chosen, and again on the button; the user may
 * overwrite it (corrections).
 */
function ProposedOpening({ form, mode }: { form: FormInstance<Values>; mode: DialogMode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const orgId = Form.useWatch('orgId', form);
  const year = Form.useWatch('year', form);
  const month = Form.useWatch('month', form);
  const subjectCode = Form.useWatch('subjectCode', form);
  const [busy, setBusy] = useState(false);
  const asked = useRef('');
  const bringForward = async (quiet: boolean) => {
    if (![orgId, year, month, subjectCode].every(filled)) {
      if (!quiet) void message.warning(t('finance.balance.proposeNeeds'));
      return;
    }
    setBusy(true);
    try {
      const proposal = await getData<OpeningProposal>(SUBJECTBALANCE_OPENING_URL, { orgId, year, month, subjectCode });
      if (proposal.found) {
        form.setFieldsValue({ openingDebit: proposal.openingDebit, openingCredit: proposal.openingCredit });
        if (!quiet) void message.success(t('finance.balance.proposed'));
      } else if (!quiet) void message.info(t('finance.balance.noPrevious'));
    } catch (error) {
      if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
    } finally {
      setBusy(false);
    }
  };
  // A new row takes the proposal as soon as its period and account are known (once for each choice).
  useEffect(() => {
    const key = [orgId, year, month, subjectCode].join('/');
    if (mode !== 'add' || asked.current === key || ![orgId, year, month, subjectCode].every(filled)) return;
    asked.current = key;
    void bringForward(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per choice, by the key above
  }, [mode, orgId, year, month, subjectCode]);
  if (mode === 'view') return null;
  return (
    <Button icon={<HistoryOutlined />} loading={busy} onClick={() => void bringForward(false)}>
      {t('finance.balance.propose')}
    </Button>
  );
}

const SIDES = [
  ['opening', 'sumOpeningDebit', 'sumOpeningCredit'],
  ['period', 'sumPeriodDebit', 'sumPeriodCredit'],
  ['closing', 'sumClosingDebit', 'sumClosingCredit'],
] as const;

/**
 * The red hint of an unbalanced trial balance (domain/finance.md: total debit must equal total credit; a hint, never
 * a refusal), from the totals the list answers for the same search.
 */
function BalanceHint({ query }: { query: Record<string, string | number> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const totals = useQuery({
    queryKey: [...crudKey(subjectBalance), 'balance-hint', query],
    queryFn: () => entityApi(subjectBalance).list({ ...query, current: 1, size: 1 }),
  });
  const page = totals.data as Record<string, unknown> | undefined;
  if (!page) return null;
  const names = {
    opening: subjectBalance.fields.openingDebit.label[lang].replace(/借方|debit/i, '').trim(),
    period: subjectBalance.fields.periodDebit.label[lang].replace(/借方|debit/i, '').trim(),
    closing: subjectBalance.fields.closingDebit.label[lang].replace(/借方|debit/i, '').trim(),
  };
  const off = SIDES.find(([, debit, credit]) => Number(page[debit] ?? 0) !== Number(page[credit] ?? 0));
  if (!off) return null;
  const [what, debit, credit] = off;
  return (
    <Typography.Text type="danger" role="alert">
      {t('finance.balance.unbalanced', {
        what: names[what],
        debit: moneyText(Number(page[debit] ?? 0)),
        credit: moneyText(Number(page[credit] ?? 0)),
      })}
    </Typography.Text>
  );
}

type Open =
  | { kind: 'generate' | 'summary'; initial: Partial<Period> }
  | { kind: 'import'; initial: Partial<Period>; reload: () => Promise<void> }
  | null;

/**
 * 科目余额表 (/finance/subjectbalance): the shared page over the leaf rows with their footer totals and the red hint
 * when debits and credits differ; 生成余额 / 账表核对 (the books against the rows, overwrites only as ticked), the
 * level-1 view in place of the rows (总账科目汇总), the proposed opening in the form, and 导入 (`subjectbalance_import`)
 * of a period's 发生额及余额表 / 科目余额表 exported from 用友 or 金蝶.
 */
export default function SubjectBalancePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const { can } = usePermission();
  const [open, setOpen] = useState<Open>(null);
  const options: CrudOptions = {
    leadColumns: ['orgId', 'year', 'month', 'subjectCode', 'subjectName'],
    dialogExtra: (form, mode) => <ProposedOpening form={form} mode={mode} />,
    toolbar: ({ query, reload }: CrudContext) => (
      <>
        {can(SUBJECTBALANCE_IMPORT) && (
          <Button
            icon={<UploadOutlined />}
            onClick={() => setOpen({ kind: 'import', initial: initialPeriod(query), reload })}
          >
            {t('crud.excel.import')}
          </Button>
        )}
        {can(SUBJECTBALANCE_GENERATE) ? (
          <Button
            icon={<CalculatorOutlined />}
            onClick={() => setOpen({ kind: 'generate', initial: initialPeriod(query) })}
          >
            {t('finance.balance.generate')}
          </Button>
        ) : (
          <Button icon={<AuditOutlined />} onClick={() => setOpen({ kind: 'generate', initial: initialPeriod(query) })}>
            {t('finance.balance.check')}
          </Button>
        )}
        <Button
          icon={<ApartmentOutlined />}
          onClick={() => setOpen({ kind: 'summary', initial: initialPeriod(query) })}
        >
          {t('finance.balance.summary')}
        </Button>
        <BalanceHint query={query} />
      </>
    ),
  };
  const close = () => setOpen(null);
  return (
    <>
      {open?.kind === 'summary' ? (
        <SummaryView initial={open.initial} lang={lang} onClose={close} />
      ) : (
        <CrudPage entity={subjectBalance} options={options} />
      )}
      {open?.kind === 'generate' && <GenerateDialog initial={open.initial} lang={lang} onClose={close} />}
      {open?.kind === 'import' && (
        <BooksImportDialog
          kind="balance"
          initial={open.initial}
          onClose={close}
          onImported={() => {
            close();
            void open.reload();
          }}
        />
      )}
    </>
  );
}
