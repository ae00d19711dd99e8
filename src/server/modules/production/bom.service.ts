import type { Db } from '../../db/connect.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import type { Param } from '../../platform/route-schemas.ts';
import { idParam, textParam } from '../../platform/params.ts';
import { pagingOf } from '../../platform/entity/conditions.ts';
import { bomGroups, whereUsed } from './bom.queries.ts';

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
  const { current, size } = pagingOf(query);
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
