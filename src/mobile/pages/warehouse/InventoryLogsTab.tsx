import { useState } from 'react';
import { Button, Picker, PullToRefresh, Tabs } from 'antd-mobile';
import { AddOutline, DownOutline } from 'antd-mobile-icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Page } from '../../../client/http.ts';
import { HANDLE_STATUS } from '../../../shared/entities/warehouse/inventory-log.ts';
import { NextPages, nextPageOf, useOnlineRefresh } from '../../components/PagedScroll.tsx';
import { WAREHOUSE_PATHS } from '../../paths.ts';
import { QueryState } from '../QueryState.tsx';
import { useBizChoices, useCompanyChoices } from './choices.ts';
import { MovementCard, queuedCardProps, statusOf } from './MovementCard.tsx';
import { loadMovements } from './movement-queue.ts';
import { movementKeys, useQueueOwner, useQueuedMovements, useSendQueue } from './movement-sync.ts';
import {
  labelOf,
  movementLabel,
  PAGE_SIZE,
  type ChoiceProps,
  type Movement,
  type MovementFilters,
} from './warehouse-api.ts';
import { useScanOpensMovementForm } from './wedge-scanner.ts';

type FilterName = 'type' | 'warehouse';

/** A filter shown as a button with its choice; tapping it opens a wheel with 全部 first. */
function FilterButton({ label, choices, value, onChange }: ChoiceProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const all = t('mobile.warehouse.all');
  return (
    <>
      <Button className="m-filter-button" fill="none" onClick={() => setOpen(true)} aria-label={label}>
        {value ? labelOf(choices, value) : `${label}: ${all}`} <DownOutline />
      </Button>
      <Picker
        visible={open}
        title={label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        columns={[[{ label: all, value: '' }, ...choices]]}
        value={[value]}
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => onChange(String(picked ?? ''))}
      />
    </>
  );
}

/**
 * 出入库: the movements of the tenant, pending or handled, by type and warehouse, newest first; movements still
 * waiting to be sent stand on top of the pending ones. Tap to open, + to enter one.
 */
export function InventoryLogsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  useScanOpensMovementForm();
  const handled = search.get('status') === 'handled';
  const filters: MovementFilters = {
    handleStatus: handled ? HANDLE_STATUS.handled : HANDLE_STATUS.pending,
    bizType: search.get('type') ?? '',
    warehouse: search.get('warehouse') ?? '',
  };
  const types = useBizChoices('inventory_biz_type');
  const warehouses = useBizChoices('warehouse');
  // Loaded (and kept) with the list, so a form first opened offline offers the companies too.
  useCompanyChoices();
  const owner = useQueueOwner();
  const queued = useQueuedMovements() ?? [];
  const query = useInfiniteQuery({
    queryKey: [...movementKeys.all, 'list', owner, filters],
    queryFn: ({ pageParam }) => loadMovements(owner, filters, pageParam),
    // Offline it answers the pages kept last time: run it rather than wait for the network.
    networkMode: 'always',
    initialPageParam: 1,
    getNextPageParam: (last: Page<Movement>) => nextPageOf(last, PAGE_SIZE),
  });
  const rows = query.data?.pages.flatMap((page) => page.records) ?? [];
  const waiting = handled
    ? []
    : queued.filter(
        (entry) =>
          (!filters.bizType || entry.body.bizType === filters.bizType) &&
          (!filters.warehouse || entry.body.warehouse === filters.warehouse),
      );
  const sendQueue = useSendQueue();
  // A pull also sends what waits: the phone may have thought itself online while the server was out of reach.
  const refresh = useOnlineRefresh(() => Promise.all([sendQueue(), query.refetch()]));
  const setFilter = (changes: Partial<Record<'status' | FilterName, string>>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setSearch(next, { replace: true });
  };

  return (
    <>
      <div className="m-toolbar">
        <Tabs
          activeKey={handled ? 'handled' : 'pending'}
          activeLineMode="fixed"
          onChange={(key) => setFilter({ status: key === 'handled' ? 'handled' : '' })}
        >
          <Tabs.Tab key="pending" title={t('mobile.warehouse.pending')} />
          <Tabs.Tab key="handled" title={t('mobile.warehouse.handled')} />
        </Tabs>
        <Button
          className="m-toolbar-button"
          fill="none"
          color="primary"
          onClick={() => navigate(WAREHOUSE_PATHS.add)}
          aria-label={t('mobile.warehouse.add')}
        >
          <AddOutline />
        </Button>
      </div>
      <div className="m-filters">
        <FilterButton
          label={movementLabel('bizType')}
          choices={types}
          value={filters.bizType ?? ''}
          onChange={(value) => setFilter({ type: value })}
        />
        <FilterButton
          label={movementLabel('warehouse')}
          choices={warehouses}
          value={filters.warehouse ?? ''}
          onChange={(value) => setFilter({ warehouse: value })}
        />
      </div>
      <PullToRefresh onRefresh={refresh}>
        {waiting.length > 0 && (
          <div className="m-cards m-queued-cards" aria-label={t('mobile.warehouse.queued')}>
            {waiting.map((entry) => (
              <MovementCard
                key={entry.clientKey}
                {...queuedCardProps(entry)}
                typeName={labelOf(types, entry.body.bizType)}
                warehouseName={labelOf(warehouses, entry.body.warehouse)}
                onOpen={() => navigate(WAREHOUSE_PATHS.queued(entry.clientKey))}
              />
            ))}
          </div>
        )}
        <QueryState query={query} empty={rows.length === 0 && waiting.length === 0}>
          <div className="m-cards">
            {rows.map((row) => (
              <MovementCard
                key={row.id}
                logNo={row.logNo}
                typeName={row.bizTypeName || labelOf(types, row.bizType)}
                productNo={row.productNo}
                productName={row.productName}
                direction={row.direction}
                qty={row.qty}
                unitName={row.unitName || row.unit}
                warehouseName={row.warehouseName || labelOf(warehouses, row.warehouse)}
                bizDate={row.bizDate}
                status={statusOf(row.handleStatus)}
                onOpen={() => navigate(WAREHOUSE_PATHS.detail(row.id))}
              />
            ))}
          </div>
          <NextPages query={query} />
        </QueryState>
      </PullToRefresh>
    </>
  );
}
