import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  MODEL_PROTOTYPE_DRAFT_URL,
  MODEL_PROTOTYPE_SELECT_URL,
  MODEL_PROTOTYPE_SUBMIT_LIST_URL,
  MODEL_TABLE_INFO_URL,
  MODEL_TABLE_LIST_URL,
} from '../../../shared/contract/api/develop.ts';
import { LabelValue, PrototypeDraft, TableInfo, TableSummary } from '../../../shared/contract/api/develop.schemas.ts';
import { model } from '../../../shared/entities/develop/model.ts';
import { modelPrototype } from '../../../shared/entities/develop/model-prototype.ts';
import { fail, ok } from '../../platform/errors.ts';
import { ImportErrors } from '../../platform/entity/excel-import.ts';
import { fieldsOf } from '../../platform/entity/fields.ts';
import { idParam, textParam } from '../../platform/params.ts';
import { ANSWERS_NO_DATA, answers } from '../../platform/response-schemas.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { withCatalog } from './catalog-source.ts';
import { draftRows } from './model-draft.ts';
import { fieldOptions, modelRow, savedFieldIds } from './model.queries.ts';

/**
 * Data models beside the engine's CRUD of model and model-prototype (contract develop-report.md §3): the tables of a
 * data source and one table's columns read from its catalog, a model's field rows derived from its table, and the
 * designer's save of all of a model's fields at once.
 */
export async function modelRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { platform: true, permission: model.code };
  const fields = services.entities.get(modelPrototype.name)!;

  const liveModel = async (id: string) => {
    const found = await modelRow(services.db, id);
    if (!found) throw fail('modelMissing');
    return found;
  };

  app.get(
    MODEL_TABLE_LIST_URL,
    { config, schema: { ...queryParams({ datasourceId: Param }), ...answers(Type.Array(TableSummary)) } },
    async (request) =>
      ok(request, await withCatalog(services, textParam(request.query.datasourceId), (catalog) => catalog.tables())),
  );

  app.get(
    MODEL_TABLE_INFO_URL,
    {
      config,
      schema: { ...queryParams({ tableName: Param, datasourceId: Param, modelId: Param }), ...answers(TableInfo) },
    },
    async (request) => {
      const { query } = request;
      const source = query.modelId
        ? await liveModel(idParam(query.modelId, 'modelId'))
        : { datasourceId: textParam(query.datasourceId), modelTable: textParam(query.tableName, 100) };
      if (!source.modelTable) throw fail('missingParam', { name: 'tableName' });
      const table = source.modelTable;
      return ok(request, await withCatalog(services, source.datasourceId, (catalog) => catalog.table(table)));
    },
  );

  app.get(
    MODEL_PROTOTYPE_DRAFT_URL,
    { config, schema: { ...queryParams({ modelId: Param }), ...answers(Type.Array(PrototypeDraft)) } },
    async (request) => {
      const found = await liveModel(idParam(request.query.modelId, 'modelId'));
      const table = await withCatalog(services, found.datasourceId, (catalog) => catalog.table(found.modelTable));
      return ok(request, draftRows(found.id, table.fields));
    },
  );

  app.post(
    MODEL_PROTOTYPE_SUBMIT_LIST_URL,
    {
      config,
      schema: {
        ...queryParams({ modelId: Param }),
        body: Type.Array(Type.Record(Type.String(), Type.Unknown())),
        ...ANSWERS_NO_DATA,
      },
    },
    async (request) => {
      const rows = request.body;
      const named = new Set(rows.map((row) => String(row.modelId ?? '')));
      if (request.query.modelId) named.add(idParam(request.query.modelId, 'modelId'));
      if (named.size !== 1) throw named.size ? fail('modelRowsMixed') : fail('missingParam', { name: 'modelId' });
      const { id: modelId } = await liveModel(idParam([...named][0], 'modelId'));
      // A row is its model's row of that column: saved ones are updated in place, whatever id the client sent.
      const saved = await savedFieldIds(services.db, modelId);
      const bodies = rows.map((row) => {
        const { id: _sent, ...values } = row;
        const id = saved.get(String(row.jdbcName ?? ''));
        return id ? { ...values, modelId, id } : { ...values, modelId };
      });
      // Saved rows of columns the list leaves out go in the same transaction: all or nothing.
      const kept = new Set(rows.map((row) => String(row.jdbcName ?? '')));
      const gone = [...saved].filter(([column]) => !kept.has(column)).map(([, id]) => id);
      const result = await fields.submitAll(request.user, bodies, 'submit', false, async (trx) => {
        if (gone.length) await fields.removeWhere(trx, request.user, 'id', gone);
      });
      if (result.errors.length) {
        const labels = fieldsOf(modelPrototype);
        throw new ImportErrors(
          result.errors.map(({ index, error }) => ({ row: index + 1, error })),
          (name) => labels.get(name)?.label,
        );
      }
      return ok(request, null);
    },
  );

  app.get(
    MODEL_PROTOTYPE_SELECT_URL,
    { config, schema: { ...queryParams({ modelId: Param }), ...answers(Type.Array(LabelValue)) } },
    async (request) => ok(request, await fieldOptions(services.db, idParam(request.query.modelId, 'modelId'))),
  );
}
