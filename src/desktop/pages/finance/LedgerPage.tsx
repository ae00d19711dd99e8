import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VOUCHER_STATUS, ledger } from '../../../shared/entities/finance/ledger.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { usePermission } from '../../permission.ts';
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

/** The dialog open: a voucher (none: a new one), and how to show the list again once it changed something. */
type Dialog = { voucher?: VoucherKey; reload: () => Promise<void> } | null;

/**
 * 明细账 (/finance/ledger): the shared page over voucher lines, with the domain's searches and the footer's Σ debit and
 * credit; 录入凭证 and each line's 凭证 open the voucher editor, where a voucher is saved whole and audited, unaudited
 * or posted. Audited and posted lines are neither edited nor deleted here.
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
    toolbar: ({ reload }) =>
      can(`${ledger.code}_add`) && (
        <Button type="primary" onClick={() => setDialog({ reload })}>
          {t('finance.voucher.enter')}
        </Button>
      ),
    rowActions: [
      {
        key: 'voucher',
        label: 'finance.voucher.open',
        onClick: (line, { reload }) => setDialog({ voucher: keyOf(line), reload }),
      },
    ],
  };
  return (
    <>
      <CrudPage entity={ledger} options={options} />
      {dialog && (
        <VoucherDialog open={dialog.voucher} onClose={() => setDialog(null)} onChanged={() => void dialog.reload()} />
      )}
    </>
  );
}
