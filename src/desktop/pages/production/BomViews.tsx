import { useMemo, useState } from 'react';
import { Button, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { BOM_EXPLODE_URL, BOM_WHERE_USED_URL } from '../../../shared/contract/api/production.ts';
import type { BomUse, ExplodedRow as WireExplodedRow } from '../../../shared/contract/api/production.schemas.ts';

/** An explosion row as the view reads it (the part's id and unit code it does not). */
export type ExplodedRow = Omit<WireExplodedRow, 'componentId' | 'unit'>;
export type UseRow = BomUse;

/** What a view dialog shows: the explosion of a BOM version, or the BOMs using a part. */
export type BomView =
  | { kind: 'explode'; productId: string; partNo: string; bomVersion: string }
  | { kind: 'where-used'; productId: string; partNo: string };

/** An explosion row with the rows it explodes into (antd's tree data). */
export type ExplodedNode = ExplodedRow & { children?: ExplodedNode[] };

/**
 * Explosions up to this many lines open fully; a larger one opens at its first level (drawing rows is the browser's
 * cost).
 */
export const OPEN_ALL_UP_TO = 500;

/** The server's depth-first rows as a tree: each row under the nearest row above it one level up. */
export function nestExplosion(rows: readonly ExplodedRow[]): { roots: ExplodedNode[]; parents: string[] } {
  const roots: ExplodedNode[] = [];
  const path: ExplodedNode[] = [];
  const parents: string[] = [];
  for (const row of rows) {
    const node: ExplodedNode = { ...row };
    path.length = row.level - 1;
    const parent = path[row.level - 2];
    if (parent) {
      if (!parent.children) {
        parent.children = [];
        parents.push(parent.id);
      }
      parent.children.push(node);
    } else roots.push(node);
    path[row.level - 1] = node;
  }
  return { roots, parents };
}

/**
 * BOM展开 (indented multi-level, gross quantities multiplied down the levels, through the default version of each
 * sub-assembly) and 反查 (every BOM that holds the part at some level), read from the server's recursive walks.
 */
export function BomViewDialog({ view, onClose }: { view: BomView; onClose: () => void }) {
  const { t } = useTranslation();
  const explode = view.kind === 'explode';
  const url = explode
    ? `${BOM_EXPLODE_URL}?productId=${view.productId}&bomVersion=${encodeURIComponent(view.bomVersion)}`
    : `${BOM_WHERE_USED_URL}?productId=${view.productId}`;
  const rows = useQuery({ queryKey: [DESKTOP_KEY, 'bom-view', url], queryFn: () => getData<unknown[]>(url) });
  const tree = useMemo(
    () => (explode ? nestExplosion((rows.data ?? []) as ExplodedRow[]) : { roots: [], parents: [] }),
    [explode, rows.data],
  );
  const lineCount = explode ? (rows.data?.length ?? 0) : 0;
  const [opened, setOpened] = useState<readonly string[] | undefined>(undefined);
  const expanded = opened ?? (lineCount <= OPEN_ALL_UP_TO ? tree.parents : []);
  const level = { key: 'level', title: t('bom.level'), dataIndex: 'level', width: 70, align: 'center' as const };
  const explodeColumns: TableColumnsType<ExplodedNode> = [
    level,
    { key: 'componentNo', title: t('bom.componentNo'), dataIndex: 'componentNo', width: 260 },
    { key: 'componentName', title: t('bom.componentName'), dataIndex: 'componentName', width: 180 },
    { key: 'componentSpec', title: t('bom.componentSpec'), dataIndex: 'componentSpec', width: 140 },
    { key: 'grossQty', title: t('bom.grossQty'), dataIndex: 'grossQty', width: 110, align: 'right' },
    { key: 'totalQty', title: t('bom.totalQty'), dataIndex: 'totalQty', width: 110, align: 'right' },
    { key: 'unit', title: t('bom.unit'), dataIndex: 'unitName', width: 70 },
    { key: 'source', title: t('bom.source'), dataIndex: 'sourceTypeName', width: 90 },
  ];
  const useColumns: TableColumnsType<UseRow> = [
    level,
    { key: 'productNo', title: t('bom.parentNo'), dataIndex: 'productNo', width: 180 },
    { key: 'productName', title: t('bom.parentName'), dataIndex: 'productName', width: 200 },
    {
      key: 'bomVersion',
      title: t('bom.version'),
      width: 130,
      render: (_v, r) => (
        <>
          {r.bomVersion} {r.isDefault === 1 && <Tag color="blue">{t('bom.isDefault')}</Tag>}
        </>
      ),
    },
    { key: 'componentNo', title: t('bom.viaComponent'), dataIndex: 'componentNo', width: 180 },
  ];
  const viewTable = {
    size: 'small' as const,
    bordered: true,
    pagination: false as const,
    scroll: { y: 480 },
    loading: rows.isPending,
    locale: { emptyText: t('bom.none') },
  };
  const title = explode
    ? t('bom.explodeTitle', { part: view.partNo, version: view.bomVersion })
    : t('bom.whereUsedTitle', { part: view.partNo });
  return (
    <Modal open title={title} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      {explode ? (
        <>
          {tree.parents.length > 0 && (
            <Space style={{ marginBottom: 8 }}>
              <span>{t('bom.lines', { count: lineCount })}</span>
              <Button size="small" onClick={() => setOpened(tree.parents)}>
                {t('bom.openAll')}
              </Button>
              <Button size="small" onClick={() => setOpened([])}>
                {t('bom.closeAll')}
              </Button>
            </Space>
          )}
          <Table<ExplodedNode>
            {...viewTable}
            rowKey="id"
            columns={explodeColumns}
            dataSource={tree.roots}
            expandable={{
              expandIconColumnIndex: 1,
              indentSize: 16,
              expandedRowKeys: expanded,
              onExpandedRowsChange: (keys) => setOpened(keys.map(String)),
            }}
          />
        </>
      ) : (
        <Table<UseRow>
          {...viewTable}
          rowKey={(r) => `${r.productId}|${r.bomVersion}`}
          columns={useColumns}
          dataSource={(rows.data ?? []) as UseRow[]}
        />
      )}
    </Modal>
  );
}
