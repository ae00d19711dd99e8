import { formatDateTime } from '../../../shared/contract/time.ts';
import { device } from '../../../shared/entities/production/device.ts';
import { line } from '../../../shared/entities/production/line.ts';
import { worker } from '../../../shared/entities/production/worker.ts';
import { failWith } from '../../platform/errors.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { Services } from '../../services.ts';
import { lineHasStations } from './shopfloor.queries.ts';

/**
 * The shop floor's rules beyond the definitions. Between rows, the definitions' `within` does the rest (a station's
 * group in the line's company, a device's line in its company and its station on its line, a worker's line in his
 * company and workshop).
 */

export const LAST_MAINTAIN_AFTER_TODAY = {
  zh: '上次保养日期不能晚于今天',
  en: 'The last maintenance date cannot be after today',
};
export const LINE_MOVED_WITH_STATIONS = {
  zh: '该产线下存在工位，不能修改所属工厂或车间',
  en: 'The line has stations: its plant and workshop cannot be changed',
};

const changed = (values: Record<string, unknown>, before: Record<string, unknown>, column: string) =>
  values[column] !== undefined && String(values[column] ?? '') !== String(before[column] ?? '');

/**
 * A line's stations keep its company and workshop (copied when they are saved): while it has any, neither moves.
 * Devices and workers on it are held by their own `within`.
 */
const lineHooks = (): EntityHooks => ({
  beforeWrite: async (trx, _user, values, before) => {
    if (!before || !['org_id', 'workshop_type'].some((column) => changed(values, before, column))) return;
    if (await lineHasStations(trx, String(before.id))) throw failWith(LINE_MOVED_WITH_STATIONS);
  },
});

/** The last maintenance happened: not after the tenant's today. */
const deviceHooks = (): EntityHooks => ({
  beforeWrite: async (_trx, _user, values) => {
    const last = values.last_maintain_date;
    if (typeof last === 'string' && last !== '' && last > formatDateTime().slice(0, 10))
      throw failWith(LAST_MAINTAIN_AFTER_TODAY);
  },
});

/** Lists name the workshop as the domain file's `workshopName` too. */
const workerHooks = (): EntityHooks => ({
  decorate: async (records) => {
    for (const record of records) record.workshopName = record.workshopTypeName ?? '';
  },
});

/** The production module's shop-floor hooks, by entity name. */
export const SHOPFLOOR_HOOKS: Readonly<Record<string, (services: Services) => EntityHooks>> = {
  [line.name]: lineHooks,
  [device.name]: deviceHooks,
  [worker.name]: workerHooks,
};
