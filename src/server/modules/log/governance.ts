import type { GovernanceStatus, ProcessStatus } from '../../../shared/contract/governance.ts';
import type { Db } from '../../db/connect.ts';
import type { ProcessMetrics } from '../../platform/metrics.ts';
import { listProcesses } from './monitor.queries.ts';
import type { ReadinessCheck } from './readiness.ts';

/**
 * 服务治理: every process sharing the database as its last heartbeat wrote it, this one as it is now (its row can be
 * up to a heartbeat old, or not written yet), and this one's readiness.
 */
export async function governanceStatus(
  db: Db,
  metrics: ProcessMetrics,
  readiness: ReadinessCheck,
): Promise<GovernanceStatus> {
  const [rows, ready] = await Promise.all([listProcesses(db), readiness.check()]);
  const self: ProcessStatus = {
    ...metrics.identity,
    uptimeSeconds: Math.round((Date.now() - metrics.startedAt) / 1000),
    lastSeenSeconds: 0,
    online: true,
    self: true,
    points: metrics.points(),
  };
  const others = rows
    .filter((row) => row.instanceId !== self.instanceId)
    .map(({ snapshot, ...row }): ProcessStatus => ({ ...row, self: false, points: snapshot.points }));
  return { readiness: ready, processes: [self, ...others] };
}
