import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { itemLabel } from '../../../shared/entities/dict-items.ts';
import { ok } from '../../platform/errors.ts';
import { NO_INPUT, Param, queryParams } from '../../platform/route-schemas.ts';
import { EMPLOYEE_MINE_URL } from '../../../shared/contract/api/masterdata.ts';
import type { Services } from '../../services.ts';
import { dictionaryEntries } from '../system/system.queries.ts';
import { answers } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';

/** A business dictionary's item as the employee forms pick it (label in the caller's language). */
const EmployeeDictItem = Type.Object({
  id: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Number(),
});
/** The employee linked to the caller's account (engine row values, as the employee entity's page has them). */
const MyEmployee = Type.Object({
  id: Type.Unknown(),
  name: Type.Unknown(),
  deptId: Type.Unknown(),
  orgId: Type.Unknown(),
});

/**
 * `GET /api/blade-system/employee/dicList?code=&dictValue=` (domain/masterdata.md, README §4): the items of one of
 * the caller's tenant's business dictionaries (`workshop_type` for the employee form), optionally those whose name
 * contains `dictValue`, as `[{id, dictKey, dictValue, sort}]` with the name in the caller's language. An unknown or
 * missing code lists nothing. A signed-in caller: the form's select reads it.
 */
export async function employeeRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const query = queryParams({ code: Param, dictValue: Param });
  const dicList = { schema: { ...query, ...answers(Type.Array(EmployeeDictItem)) } };
  app.get('/api/blade-system/employee/dicList', dicList, async (request) => {
    const code = typeof request.query.code === 'string' ? request.query.code.trim() : '';
    const filter = typeof request.query.dictValue === 'string' ? request.query.dictValue.trim() : '';
    if (!code) return ok(request, []);
    const items = await dictionaryEntries(services.db, 'blade_dict_biz', code, request.user.tenantId);
    const lang = request.user.lang ?? 'zh';
    const records = items
      .map((item) => ({
        id: String(item.id),
        dictKey: String(item.dict_key),
        dictValue: itemLabel({ dictValue: String(item.dict_value), remark: String(item.remark ?? '') }, lang),
        sort: Number(item.sort ?? 0),
      }))
      .filter((item) => !filter || item.dictValue.toLowerCase().includes(filter.toLowerCase()));
    return ok(request, records);
  });

  // `GET /api/blade-system/employee/mine`: the employee linked to the caller's account (a new claim is his by
  // default), as `{id, name, deptId, orgId}`, or null. Any signed-in caller: it is his own row, within his data scope.
  const employees = services.entities.get('employee')!;
  const mineSchema = { schema: { ...NO_INPUT, ...answers(Type.Union([MyEmployee, Type.Null()])) } };
  app.get(EMPLOYEE_MINE_URL, mineSchema, async (request) => {
    const [mine] = await employees.list(request.user, { userId_equal: request.user.userId, size: 1 });
    return ok(request, mine ? { id: mine.id, name: mine.name, deptId: mine.deptId, orgId: mine.orgId } : null);
  });
}
