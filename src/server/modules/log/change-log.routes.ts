import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CHANGE_CALL_URL, CHANGE_RECORD_URL } from '../../../shared/contract/api/log.ts';
import { ChangeRecordView } from '../../../shared/contract/api/log.schemas.ts';
import { apiLog } from '../../../shared/entities/log/api-log.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { AuthUser } from '../../platform/auth-context.ts';
import { ApiError, fail, ok } from '../../platform/errors.ts';
import { answers } from '../../platform/response-schemas.ts';
import { isRecord } from '../../platform/route-schemas.ts';
import { callChanges, recordChanges, type ChangeRow } from './change-log.queries.ts';
import { asTenant } from '../../platform/entity/routes.ts';
import type { Services } from '../../services.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';

/** Fields every audited entity has without declaring them. */
const IMPLICIT_LABELS: Record<string, { zh: string; en: string }> = {
  status: { zh: '状态', en: 'Status' },
  sort: { zh: '排序', en: 'Sort' },
  parentId: { zh: '上级', en: 'Parent' },
};

/** Changes at most one answer holds: a record edited daily for years still answers in one page. */
const MOST = 500;

const Query = Type.Object(
  { id: Type.String(), entity: Type.Optional(Type.String()), tenantId: Type.Optional(Type.String()) },
  { additionalProperties: Type.Union([Type.String(), Type.Array(Type.String())]) },
);
const Answer = answers(Type.Array(ChangeRecordView));

/**
 * The change records of entity writes (platform/audit/changes.ts), read two ways: one record's 操作记录 (for whoever
 * may see the record: its entity's menu right, and the record visible to him through the engine's tenant and data
 * scope), and what one call changed (for whoever may see that 接口日志 row). Field names are labelled here from the
 * definitions, so the console shows 名称 rather than `name`.
 */
export async function changeLogRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const serviceOf = (name: unknown) => (typeof name === 'string' ? services.entities.get(name) : undefined);
  const view = (rows: ChangeRow[]): ChangeRecordView[] =>
    rows.map((row) => {
      const entity: EntityDef | undefined = services.entities.get(row.entity)?.entity;
      const fields = (entity?.fields ?? {}) as EntityDef['fields'];
      const list = (
        typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes
      ) as ChangeRecordView['changes'];
      return {
        id: String(row.id),
        entity: row.entity,
        entityLabel: entity?.label ?? { zh: row.entity, en: row.entity },
        recordId: row.record_id,
        operation: row.operation as ChangeRecordView['operation'],
        changes: list.map((change) => ({
          ...change,
          label: fields[change.field]?.label ?? IMPLICIT_LABELS[change.field] ?? { zh: change.field, en: change.field },
        })),
        apiLogId: row.api_log_id === null ? null : String(row.api_log_id),
        createBy: row.create_by,
        createTime: row.create_time,
      };
    });
  // The platform's super administrators read every tenant's rows; everyone else his own tenant's (as the logs).
  const own = (user: AuthUser, tenantId: string) => user.isSuperAdmin || tenantId === user.tenantId;

  const recordPermission = (request: FastifyRequest) => {
    const entity = serviceOf(isRecord(request.query) ? request.query.entity : undefined)?.entity;
    // An unknown entity: a code nobody holds, so the access check refuses it before the handler.
    return entity && entity.changeLog !== false ? entity.code : '-';
  };
  app.get(
    CHANGE_RECORD_URL,
    {
      config: { permission: recordPermission },
      schema: { summary: '操作记录: 一条记录的变更', querystring: Query, ...Answer },
    },
    async (request) => {
      const service = serviceOf(request.query.entity);
      if (!service) throw fail('paramType', { name: 'entity' });
      // The super administrator reads another tenant's record with `tenantId=`, as on the entity's own routes.
      const user = asTenant(request.user, request.query.tenantId);
      const record = await service.detail(user, request.query.id);
      if (!record) throw new ApiError(400, MESSAGES.dataNotFound);
      const tenantId = typeof record.tenantId === 'string' && record.tenantId ? record.tenantId : user.tenantId;
      if (!own(request.user, tenantId)) throw new ApiError(400, MESSAGES.dataNotFound);
      const rows = await recordChanges(services.db, {
        tenantId,
        entity: service.entity.name,
        recordId: String(record.id ?? request.query.id),
        limit: MOST,
      });
      return ok(request, view(rows));
    },
  );

  app.get(
    CHANGE_CALL_URL,
    {
      config: { permission: apiLog.code },
      schema: { summary: '接口日志: 一次调用的变更', querystring: Query, ...Answer },
    },
    async (request) => {
      const call = await services.entities.get(apiLog.name)!.detail(request.user, request.query.id);
      if (!call) throw new ApiError(400, MESSAGES.dataNotFound);
      const tenantId = request.user.isSuperAdmin ? undefined : request.user.tenantId;
      return ok(request, view(await callChanges(services.db, String(call.id), tenantId, MOST)));
    },
  );
}
