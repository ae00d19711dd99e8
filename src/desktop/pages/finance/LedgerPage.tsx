import { useState } from 'react';
import { Button, Tag } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LEDGER_IMPORT, VOUCHER_STATUS, ledger } from '../../../shared/entities/finance/ledger.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
import { BooksImportDialog } from './BooksImportDialog.tsx';
import { VoucherDialog, type VoucherKey } from './VoucherDialog.tsx';

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  [VOUCHER_STATUS.unaudited]: 'default',
  [VOUCHER_STATUS.audited]: 'blue',
  [VOUCHER_STATUS.posted]: 'green',
};

const keyOf = (line: WireRecord): VoucherKey => ({
  orgId: String(line.orgId),
  year: Number(line.year),
  month: Number(line.month),
  voucherWord: String(line.voucherWord),
  voucherNo: Number(line.voucherNo),
});

/**
 * The dialog open: a voucher (none: a new one) or the import of 用友/金蝶's journal, and how to show the list again
 * once it changed something.
 */
type Dialog =
  | { kind: 'voucher'; voucher?: VoucherKey; reload: () => Promise<void> }
  | { kind: 'import'; orgId?: string; reload: () => Promise<void> }
  | null;

/**
 * 明细账 (/finance/ledger): the shared page over voucher lines, with the domain's searches and the footer's Σ debit and
 * credit; 录入凭证 and each line's 凭证 open the voucher editor, where a voucher is saved whole and audited, unaudited
 * or posted. Audited and posted lines are neither edited nor deleted here. 导入 (`ledger_import`) takes a company's
 * vouchers from the journal 用友 or 金蝶 exports.
 */
export default function LedgerPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const [dialog, setDialog] = useState<Dialog>(null);
  const options: CrudOptions = {
    leadColumns: ['voucherDate', 'voucherWord', 'voucherNo'],
    rowEditable: (line) => String(line.voucherStatus) === VOUCHER_STATUS.unaudited,
    cells: {
      voucherStatus: (line) => (
        <Tag color={STATUS_COLOURS[String(line.voucherStatus)] ?? 'default'}>{String(line.voucherStatusName)}</Tag>
      ),
    },
    toolbar: ({ reload, query }) => (
      <>
        {can(`${ledger.code}_add`) && (
          <Button type="primary" onClick={() => setDialog({ kind: 'voucher', reload })}>
            {t('finance.voucher.enter')}
          </Button>
        )}
        {can(LEDGER_IMPORT) && (
          <Button
            icon={<UploadOutlined />}
            onClick={() =>
              setDialog({ kind: 'import', orgId: query.orgId_equal ? String(query.orgId_equal) : undefined, reload })
            }
          >
            {t('crud.excel.import')}
          </Button>
        )}
      </>
    ),
    rowActions: [
      {
        key: 'voucher',
        label: 'finance.voucher.open',
        onClick: (line, { reload }) => setDialog({ kind: 'voucher', voucher: keyOf(line), reload }),
      },
    ],
  };
  return (
    <>
      <CrudPage entity={ledger} options={options} />
      {dialog?.kind === 'voucher' && (
        <VoucherDialog open={dialog.voucher} onClose={() => setDialog(null)} onChanged={() => void dialog.reload()} />
      )}
      {dialog?.kind === 'import' && (
        <BooksImportDialog
          kind="ledger"
          initial={{ orgId: dialog.orgId, year: new Date().getFullYear() }}
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null);
            void dialog.reload();
          }}
        />
      )}
    </>
  );
}
