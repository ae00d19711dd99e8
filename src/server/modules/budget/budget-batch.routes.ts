import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { ok } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { BATCH_COPY, BATCH_ROWS, batchCopy, batchSave } from './budget-batch.ts';
import { answers } from '../../platform/response-schemas.ts';
import { BatchCopied, BatchSaved } from '../../../shared/contract/api/budget.schemas.ts';

/**
 * `POST <entity>/batchsave` and `POST <entity>/batchcopy` of the budget entities that have them (budget.md §5.4),
 * each behind its button's code.
 */
export function batchRoutes(...entities: EntityDef[]) {
  return async (fastify: FastifyInstance, { services }: { services: Services }) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    for (const entity of entities) {
      const service = services.entities.get(entity.name)!;
      const base = `/api/${entity.service}/${entity.name}`;
      const save = {
        config: { permission: `${entity.code}_batchsave` },
        schema: { ...BATCH_ROWS, ...answers(BatchSaved) },
      };
      app.post(`${base}/batchsave`, save, async (r) => ok(r, await batchSave(service, r.user, r.body)));
      const copy = {
        config: { permission: `${entity.code}_batchcopy` },
        schema: { ...BATCH_COPY, ...answers(BatchCopied) },
      };
      app.post(`${base}/batchcopy`, copy, async (r) => ok(r, await batchCopy(services.db, service, r.user, r.body)));
    }
  };
}
