import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FIXEDLEDGER_DEPRECIATE, fixedAsset } from '../../../shared/entities/finance/fixed-asset.ts';
import {
  FIXEDLEDGER_CATEGORY_STAT_URL,
  FIXEDLEDGER_DEPRECIATE_URL,
  FIXEDLEDGER_DEPRECIATIONS_URL,
} from '../../../shared/contract/api/finance.ts';
import {
  AssetCategoryStat,
  DepreciationRecord,
  DepreciationRun,
} from '../../../shared/contract/api/finance.schemas.ts';
import { fail, langOf, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import { answers } from '../../platform/response-schemas.ts';
import { listQuery } from '../../platform/entity/schemas.ts';
import { Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { depreciationRecords, recordDepreciation } from './fixed-asset-depreciation.ts';
import { categoryStat } from './fixed-asset-stat.ts';

/**
 * 固定资产台账's routes beside the engine's: 计提折旧 (`fixedledger_depreciate`), a card's depreciation records and the
 * chart's sums by category (the screen's menu code, within the caller's data scope).
 */
export async function fixedAssetRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = services.entities.get(fixedAsset.name)!;
  app.post(
    FIXEDLEDGER_DEPRECIATE_URL,
    {
      config: { permission: FIXEDLEDGER_DEPRECIATE },
      schema: { ...queryOrBody({ orgId: Param, period: Param }), ...answers(DepreciationRun) },
    },
    async (r) => ok(r, await recordDepreciation(services.db, await service.visibleRows(r.user), r.user, paramsOf(r))),
  );
  app.get(
    FIXEDLEDGER_DEPRECIATIONS_URL,
    {
      config: { permission: fixedAsset.code },
      schema: { ...queryParams({ assetId: Param }), ...answers(Type.Array(DepreciationRecord)) },
    },
    async (r) => {
      const { assetId } = r.query;
      if (!isId(assetId)) throw fail('paramType', { name: 'assetId' });
      // A card the caller cannot see has no records for him.
      if (!(await service.detail(r.user, assetId))) throw fail('dataNotFound');
      return ok(r, await depreciationRecords(services.db, r.user.tenantId, String(assetId)));
    },
  );
  app.get(
    FIXEDLEDGER_CATEGORY_STAT_URL,
    {
      config: { permission: fixedAsset.code, standby: true },
      schema: { ...listQuery(fixedAsset, { paged: false }), ...answers(Type.Array(AssetCategoryStat)) },
    },
    async (r) => ok(r, await categoryStat(service, r.user, r.query, langOf(r))),
  );
}
