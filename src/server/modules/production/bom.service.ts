import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { fail } from '../../platform/errors.ts';
import type { Param } from '../../platform/route-schemas.ts';
import { idParam, textParam } from '../../platform/params.ts';
import { MAX_PAGE_SIZE } from '../../platform/entity/conditions.ts';
import { bomGroups, whereUsed } from './bom.queries.ts';

function pageParam(value: Param | undefined, fallback: number, name: 'current' | 'size'): number {
  const text = textParam(value);
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw fail(name === 'current' ? 'pageCurrent' : 'pageSize', {
      name: MAX_PAGE_SIZE,
    });
  if (name === 'size' && Number(text) > MAX_PAGE_SIZE) throw fail('pageSize', { name: MAX_PAGE_SIZE });
  return Number(text);
}

export async function bomGroupPage(
  db: Db,
  user: AuthUser,
  query: {
    productNo?: Param;
    bomVersion?: Param;
    componentNo?: Param;
    sourceType?: Param;
    current?: Param;
    size?: Param;
  },
) {
  const current = pageParam(query.current, 1, 'current');
  const size = pageParam(query.size, 10, 'size');
  const rows = await bomGroups(
    db,
    user.tenantId,
    {
      productNo: textParam(query.productNo),
      bomVersion: textParam(query.bomVersion, 16),
      componentNo: textParam(query.componentNo),
      sourceType: textParam(query.sourceType, 32),
    },
    { current, size },
  );
  const total = Number(rows[0]?.total ?? 0);
  return {
    records: rows.map((r) => ({
      id: `${r.product_id}|${r.bom_version}`,
      productId: String(r.product_id),
      productNo: r.product_no,
      productName: r.product_name,
      bomVersion: r.bom_version,
      isDefault: Number(r.is_default),
      lineCount: Number(r.line_count),
    })),
    total,
    size,
    current,
    pages: Math.ceil(total / size),
  };
}

export async function partUses(db: Db, user: AuthUser, query: { productId?: Param }) {
  const partId = idParam(query.productId, 'productId');
  const rows = await whereUsed(db, user.tenantId, partId);
  return rows.map((r) => ({
    productId: String(r.product_id),
    productNo: r.product_no,
    productName: r.product_name,
    bomVersion: r.bom_version,
    isDefault: Number(r.is_default),
    level: Number(r.level),
    componentNo: r.component_no,
  }));
}
