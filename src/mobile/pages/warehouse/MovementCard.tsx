import { Card, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { directionOf, HANDLE_STATUS } from '../../../shared/entities/warehouse/inventory-log.ts';
import type { QueuedMovement } from './movement-queue.ts';

/** `+12` for a receipt, `-5` for an issue, with the part's unit. */
export function signedQty(direction: number, qty: number | string, unit: string | null | undefined): string {
  const amount = String(Number(qty));
  return `${direction < 0 ? '-' : '+'}${amount}${unit ? ` ${unit}` : ''}`;
}

export interface MovementCardProps {
  /** The document number, or undefined while it waits to be sent. */
  logNo?: string;
  typeName: string;
  productNo: string;
  productName: string;
  direction: number;
  qty: number | string;
  unitName: string;
  warehouseName: string;
  bizDate: string;
  status: 'pending' | 'handled' | 'queued';
  refusal?: string;
  onOpen: () => void;
}

/** One movement in the list: number, type, part, signed quantity, warehouse and its state. */
export function MovementCard(props: MovementCardProps) {
  const { t } = useTranslation();
  const tag =
    props.status === 'queued' ? (
      <Tag color={props.refusal === undefined ? 'warning' : 'danger'} fill="outline" className="m-state-tag">
        {props.refusal === undefined ? t('mobile.warehouse.queued') : t('mobile.warehouse.refused')}
      </Tag>
    ) : (
      <Tag color={props.status === 'pending' ? 'primary' : 'success'} fill="outline" className="m-state-tag">
        {props.status === 'pending' ? t('mobile.warehouse.pending') : t('mobile.warehouse.handled')}
      </Tag>
    );
  return (
    <Card
      className="m-flow-card m-movement-card"
      title={
        <span className="m-flow-card-title">
          {props.logNo ?? t('mobile.warehouse.notNumbered')} <span className="m-movement-type">{props.typeName}</span>
        </span>
      }
      extra={
        <span className="m-flow-card-extra">
          {tag}
          <RightOutline className="m-flow-card-arrow" />
        </span>
      }
      onClick={props.onOpen}
    >
      <div className="m-movement-line">
        <span className="m-movement-part">
          {props.productNo} {props.productName}
        </span>
        <span className={props.direction < 0 ? 'm-movement-qty m-movement-out' : 'm-movement-qty m-movement-in'}>
          {signedQty(props.direction, props.qty, props.unitName)}
        </span>
      </div>
      <div className="m-card-time">
        {props.warehouseName} · {props.bizDate}
      </div>
      {props.refusal && (
        <div className="m-field-error" role="alert">
          {props.refusal}
        </div>
      )}
    </Card>
  );
}

/** The card of a movement waiting in the queue (its names are looked up by the caller). */
export const queuedCardProps = (entry: QueuedMovement) => ({
  productNo: entry.part.productNo,
  productName: entry.part.productName,
  direction: directionOf(entry.body.bizType),
  qty: entry.body.qty,
  unitName: entry.part.unitName,
  bizDate: entry.body.bizDate,
  status: 'queued' as const,
  refusal: entry.refusal,
});

export const statusOf = (handleStatus: string) => (handleStatus === HANDLE_STATUS.handled ? 'handled' : 'pending');
