import { useState } from 'react';
import { App, Button, Modal, Table, Tooltip } from 'antd';
import { CheckOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData, type Page } from '../../../client/http.ts';
import { HANDLE_STATUS, INVENTORYLOG_HANDLE, inventoryLog } from '../../../shared/entities/warehouse/inventory-log.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import { moneyText, type CrudContext, type CrudOptions, type WireRecord } from '../../components/crud/fields.ts';
import { inventory } from '../../../shared/entities/warehouse/inventory.ts';
import { usePermission } from '../../permission.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { useWedgeScanner } from '../../../mobile/pages/warehouse/wedge-scanner.ts';
import { crudKey } from '../../components/crud/crud-api.ts';
import { QuickMovementDrawer } from './QuickMovementDrawer.tsx';
import type { Handled } from '../../../shared/contract/api/warehouse.schemas.ts';
import { INVENTORY_LOG_HANDLE_URL } from '../../../shared/contract/api/warehouse.ts';

const STOCK = `/api/${inventory.service}/${inventory.name}`;

/** 过账: the ticked movements posted in one call, offered only while every one of them is pending. */
function PostButton({ context }: { context: CrudContext }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const rows = context.selectedRows;
  const allPending = rows.length > 0 && rows.every((r) => String(r.handleStatus) === HANDLE_STATUS.pending);
  const post = () =>
    modal.confirm({
      title: t('warehouse.post'),
      content: t('warehouse.postConfirm', { count: rows.length }),
      onOk: async () => {
        try {
          const { handled } = await postData<Handled>(INVENTORY_LOG_HANDLE_URL, undefined, {
            ids: rows.map((r) => r.id).join(','),
          });
          void message.success(t('warehouse.posted', { count: handled }));
          await context.reload();
        } catch (error) {
          // The server's message (库存不足：…) is shown by the interceptor; the dialog closes, nothing was posted.
          if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
        }
      },
    });
  const button = (
    <Button type="primary" icon={<CheckOutlined />} disabled={!allPending} onClick={post}>
      {t('warehouse.post')}
    </Button>
  );
  // A disabled button says why when rows are ticked (a tap on a tablet shows it as well as a hover).
  return rows.length > 0 && !allPending ? (
    <Tooltip title={t('warehouse.postOnlyPending')} trigger={['hover', 'click']}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** The part's stock per warehouse and batch, one click from a movement. */
function StockDialog({ movement, onClose }: { movement: WireRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const stock = useQuery({
    queryKey: [DESKTOP_KEY, 'movement-stock', movement.productId],
    queryFn: () => getData<Page<WireRecord>>(`${STOCK}/list`, { productId: movement.productId, size: 100 }),
  });
  return (
    <Modal
      open
      title={t('warehouse.stockTitle', { part: `${movement.productNo} ${movement.productName}` })}
      width={880}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<WireRecord>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        loading={stock.isPending}
        dataSource={stock.data?.records ?? []}
        scroll={{ x: 820 }}
        locale={{ emptyText: t('warehouse.noStock') }}
        columns={[
          ['orgName', 'orgId', 140],
          ['warehouseName', 'warehouse', 110],
          ['batchNo', 'batchNo', 100],
          ['location', 'location', 100],
          ['qty', 'qty', 100],
          ['availableQty', 'availableQty', 100],
          ['amount', 'amount', 120],
        ].map(([key, field, width]) => ({
          key: String(key),
          dataIndex: String(key),
          title: inventory.fields[field as keyof typeof inventory.fields].label[lang],
          width: Number(width),
          align: ['orgName', 'warehouseName', 'batchNo', 'location'].includes(String(key)) ? undefined : 'right',
          render: key === 'amount' ? (v: unknown) => moneyText(Number(v)) : undefined,
        }))}
      />
    </Modal>
  );
}

/** While mounted (the list shown, the quick form closed), a keyboard-wedge scanner's code opens the quick form. */
function ScanOpensQuickForm({ onScan }: { onScan: (code: string) => void }) {
  useWedgeScanner(onScan);
  return null;
}

/** The quick form: closed, or open with the code a scanner typed on the list (if any). */
type QuickForm = { open: false } | { open: true; firstScan?: string };

/**
 * /warehouse/inventorylog: the shared page over movements, with 过账 (`inventorylog_handle`) on the ticked rows and the
 * stock of a movement's part one click away. Document and part numbers stay in view when the table scrolls sideways.
 * A holder of the add right also has 快速出入库, the keeper's movement form in a drawer, which a scan opens.
 */
export default function InventoryLogPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const queryClient = useQueryClient();
  const [stockOf, setStockOf] = useState<WireRecord | null>(null);
  const [quick, setQuick] = useState<QuickForm>({ open: false });
  const mayAdd = can(`${inventoryLog.code}_add`);
  const options: CrudOptions = {
    leadColumns: ['logNo', 'productNo'],
    toolbar: (context) => (
      <>
        {mayAdd && (
          <Button icon={<ThunderboltOutlined />} onClick={() => setQuick({ open: true })}>
            {t('warehouse.quickMovement')}
          </Button>
        )}
        {can(INVENTORYLOG_HANDLE) && <PostButton context={context} />}
      </>
    ),
    rowActions: [{ key: 'stock', label: 'warehouse.stock', onClick: (record) => setStockOf(record) }],
  };
  return (
    <>
      <CrudPage entity={inventoryLog} options={options} />
      {stockOf && <StockDialog movement={stockOf} onClose={() => setStockOf(null)} />}
      {/* Open, the form listens itself: a scan there replaces its part. */}
      {mayAdd && !quick.open && <ScanOpensQuickForm onScan={(code) => setQuick({ open: true, firstScan: code })} />}
      {quick.open && (
        <QuickMovementDrawer
          firstScan={quick.firstScan}
          onStored={() => void queryClient.invalidateQueries({ queryKey: crudKey(inventoryLog) })}
          onClose={() => setQuick({ open: false })}
        />
      )}
    </>
  );
}
