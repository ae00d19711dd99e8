import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { INVENTORYLOG_HANDLE } from '../../../shared/entities/warehouse/inventory-log.ts';
import { ok } from '../../platform/errors.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { handleMovements } from './stock-posting.service.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Handled } from '../../../shared/contract/api/warehouse.schemas.ts';
import { INVENTORY_LOG_HANDLE_URL } from '../../../shared/contract/api/warehouse.ts';

/** `POST inventorylog/handle` (过账, `inventorylog_handle`): `ids` in the query or the body. */
export async function handleRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    INVENTORY_LOG_HANDLE_URL,
    {
      config: { permission: INVENTORYLOG_HANDLE },
      schema: { ...queryOrBody({ ids: Param }), ...answers(Handled) },
    },
    async (request) => ok(request, await handleMovements(services, request.user, parseIds(paramsOf(request).ids))),
  );
}
