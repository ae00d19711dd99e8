import { ApiError } from '../../platform/errors.ts';
import { SCOPE } from '../../platform/entity/data-scope.ts';
import { findField } from '../../platform/entity/fields.ts';
import { conditionColumns, parseScopeCondition, ScopeConditionError } from '../../platform/entity/scope-condition.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';

/** A custom data scope is saved only when the grammar reads it and its columns exist on the resource's entity. */
export function dataScopeHooks(services: Services): EntityHooks {
  return {
    beforeWrite: async (_trx, _user, values, before) => {
      const rule = { ...before, ...values };
      if (Number(rule.scope_type) !== SCOPE.custom) return;
      let columns: string[];
      try {
        columns = conditionColumns(parseScopeCondition(String(rule.scope_value ?? '')));
      } catch (error) {
        if (error instanceof ScopeConditionError) throw new ApiError(400, error.text);
        throw error;
      }
      const owner = [...services.entities.values()].find(
        (s) => s.entity.code === rule.resource_code && s.entity.dataScope,
      );
      const unknown = owner && columns.find((column) => !findField(owner.entity, column));
      if (unknown)
        throw new ApiError(400, {
          zh: `自定义规则的字段${unknown}不存在`,
          en: `The custom rule names an unknown column: ${unknown}`,
        });
    },
  };
}
