import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiFailure } from '../../../client/http.ts';
import { useOnline } from '../../../client/pwa.ts';
import { HANDLE_STATUS, INVENTORYLOG_HANDLE } from '../../../shared/entities/warehouse/inventory-log.ts';
import { Block, Fields } from '../../components/Block.tsx';
import { QueryState } from '../QueryState.tsx';
import { signedQty } from './MovementCard.tsx';
import { movementKeys } from './movement-sync.ts';
import { fetchMovement, handleMovements, movementLabel, useCan, type Movement } from './warehouse-api.ts';
import { useScanOpensMovementForm } from './wedge-scanner.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** One stored movement; 过账 posts it into the stock while it is pending, for a holder of `inventorylog_handle`. */
export function MovementPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const online = useOnline();
  const queryClient = useQueryClient();
  const mayPost = useCan(INVENTORYLOG_HANDLE);
  useScanOpensMovementForm();
  const query = useQuery({ queryKey: [...movementKeys.all, 'detail', id], queryFn: () => fetchMovement(id) });
  const row = query.data;

  const post = async (movement: Movement) => {
    if (!navigator.onLine) {
      Toast.show({ content: t('mobile.warehouse.postNeedsNetwork') });
      return;
    }
    const confirmed = await Dialog.confirm({
      content: t('mobile.warehouse.postConfirm', { logNo: movement.logNo }),
      confirmText: t('mobile.warehouse.post'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await handleMovements([movement.id]);
    } catch (error) {
      // The server's refusals (库存不足…) are toasted by the interceptor; a request without an answer is said here.
      if (!(error instanceof ApiFailure)) Toast.show({ icon: 'fail', content: t('common.networkError') });
      return;
    }
    Toast.show({ icon: 'success', content: t('mobile.warehouse.posted') });
    await queryClient.invalidateQueries({ queryKey: movementKeys.all });
  };

  return (
    <div className="m-page">
      <QueryState query={query} empty={!row}>
        {row && (
          <>
            <Block title={`${row.logNo} ${row.bizTypeName}`}>
              <Fields
                fields={[
                  [movementLabel('handleStatus'), row.handleStatusName],
                  [movementLabel('productNo'), `${row.productNo} ${row.productName}`],
                  [movementLabel('qty'), signedQty(row.direction, row.qty, row.unitName || row.unit)],
                  [movementLabel('bizDate'), row.bizDate],
                  [movementLabel('orgId'), row.orgName || row.orgId],
                  [movementLabel('warehouse'), row.warehouseName || row.warehouse],
                  [movementLabel('location'), text(row.location)],
                  [movementLabel('batchNo'), text(row.batchNo)],
                  [movementLabel('unitCost'), text(row.unitCost)],
                  [movementLabel('amount'), text(row.amount)],
                  [movementLabel('partnerName'), text(row.partnerName)],
                  [movementLabel('sourceNo'), text(row.sourceNo)],
                  [movementLabel('qtyAfter'), text(row.qtyAfter)],
                  [movementLabel('handleTime'), text(row.handleTime)],
                  [movementLabel('remark'), text(row.remark)],
                ].filter((field): field is [string, string] => Boolean(field[1]))}
              />
            </Block>
            {row.handleStatus === HANDLE_STATUS.pending && mayPost && (
              <div className="m-actions">
                {!online && <div className="m-actions-note">{t('mobile.warehouse.postNeedsNetwork')}</div>}
                <div className="m-actions-buttons">
                  <Button color="primary" onClick={() => void post(row)}>
                    {t('mobile.warehouse.post')}
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
