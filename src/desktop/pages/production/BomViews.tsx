import { Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import { DESKTOP_KEY } from '../../queries.ts';

const BOM = '/api/blade-system/productbom';

export interface ExplodedRow {
  id: string;
  level: number;
  componentNo: string;
  componentName: string;
  componentSpec: string;
  grossQty: number;
  totalQty: number;
  unitName: string;
  sourceTypeName: string;
  hasChildren: boolean;
}

export interface UseRow {
  productId: string;
  productNo: string;
  productName: string;
  bomVersion: string;
  isDefault: number;
  level: number;
  componentNo: string;
}

/** What a view dialog shows: the explosion of a BOM version, or the BOMs using a part. */
export type BomView =
  | { kind: 'explode'; productId: string; partNo: string; bomVersion: string }
  | { kind: 'where-used'; productId: string; partNo: string };

/** Indents a level's number under its parent's, as a tree would. */
const indent = (level: number) => ({ paddingLeft: (level - 1) * 20 });

/**
 * BOM展开 (indented multi-level, gross quantities multiplied down the levels, through the default version of each
 * sub-assembly) and 反查 (every BOM that holds the part at some level), read from the server's recursive walks.
 */
export function BomViewDialog({ view, onClose }: { view: BomView; onClose: () => void }) {
  const { t } = useTranslation();
  const explode = view.kind === 'explode';
  const url = explode
    ? `${BOM}/explode?productId=${view.productId}&bomVersion=${encodeURIComponent(view.bomVersion)}`
    : `${BOM}/where-used?productId=${view.productId}`;
  const rows = useQuery({ queryKey: [DESKTOP_KEY, 'bom-view', url], queryFn: () => getData<unknown[]>(url) });
  const level = { key: 'level', title: t('bom.level'), dataIndex: 'level', width: 70, align: 'center' as const };
  const explodeColumns: TableColumnsType<ExplodedRow> = [
    level,
    {
      key: 'componentNo',
      title: t('bom.componentNo'),
      width: 220,
      render: (_v, r) => (
        <span style={indent(r.level)}>
          {r.level > 1 ? '└ ' : ''}
          {r.componentNo}
        </span>
      ),
    },
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
  const title = explode
    ? t('bom.explodeTitle', { part: view.partNo, version: view.bomVersion })
    : t('bom.whereUsedTitle', { part: view.partNo });
  return (
    <Modal open title={title} width={1000} footer={null} onCancel={onClose} destroyOnHidden>
      {explode ? (
        <Table<ExplodedRow>
          rowKey="id"
          size="small"
          bordered
          pagination={false}
          scroll={{ y: 480 }}
          loading={rows.isPending}
          columns={explodeColumns}
          dataSource={(rows.data ?? []) as ExplodedRow[]}
          locale={{ emptyText: t('bom.none') }}
        />
      ) : (
        <Table<UseRow>
          rowKey={(r) => `${r.productId}|${r.bomVersion}`}
          size="small"
          bordered
          pagination={false}
          scroll={{ y: 480 }}
          loading={rows.isPending}
          columns={useColumns}
          dataSource={(rows.data ?? []) as UseRow[]}
          locale={{ emptyText: t('bom.none') }}
        />
      )}
    </Modal>
  );
}
