import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GOVERNANCE_PATH,
  HEALTH_LIVE_PATH,
  HEALTH_READY_PATH,
  METRICS_PATH,
} from '../../../shared/contract/governance.ts';
import { MESSAGES } from '../../../shared/i18n/server-messages.ts';
import { migrationFiles } from '../../db/migrate.ts';
import { ApiError, ok } from '../../platform/errors.ts';
import { NO_INPUT } from '../../platform/route-schemas.ts';
import { GovernanceStatus } from '../../../shared/contract/api/log.schemas.ts';
import type { Services } from '../../services.ts';
import { governanceStatus } from './governance.ts';
import { Heartbeat } from './heartbeat.ts';
import { ReadinessCheck } from './readiness.ts';
import { answers, AnyObject, OpenObject } from '../../platform/response-schemas.ts';
import { Type } from 'typebox';

/**
 * A probe's answer, outside the envelope as probes read it (`UP`). A 503 is a readiness `DOWN` with its checks, or a
 * stopping server's envelope (lifecycle.ts drain gate).
 */
const ProbeStatus = OpenObject({ status: Type.String({ enum: ['UP', 'DOWN'] }) });

/**
 * Health, metrics and 服务治理 (issue 15). The probes are public and under /api, where every proxy in front of the
 * server forwards to it; the metrics are Prometheus's usual `/metrics`, scraped at each process's own address.
 */
export async function monitorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { metrics } = app;
  const readiness = new ReadinessCheck(
    services.database.platformDb,
    migrationFiles(),
    services.kv.redis,
    services.database.placement,
  );
  const heartbeat = new Heartbeat(services.db, metrics, app.log);
  await heartbeat.start();
  app.addHook('onClose', () => heartbeat.stop());

  const probe = (summary: string) => ({
    config: { public: true },
    schema: { ...NO_INPUT, summary, response: { 200: ProbeStatus, 503: AnyObject } },
  });
  // Liveness: the process answers; nothing it depends on is asked (a database outage must not get it restarted).
  app.get(HEALTH_LIVE_PATH, probe('存活检查 (liveness)'), async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'UP' }),
  );
  app.get(HEALTH_READY_PATH, probe('就绪检查 (readiness): 数据库、迁移、Redis'), async (_request, reply) => {
    const ready = await readiness.check();
    return reply
      .code(ready.status === 'UP' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready);
  });

  const scrapeToken = services.config.metricsToken;
  const allowScrape = async (request: FastifyRequest) => {
    if (scrapeToken && sameSecret(bearerOf(request), scrapeToken)) return;
    // Outside /api the access hooks leave the route open: the administrator's login is checked here.
    const user = await services.sessions.authenticate(request);
    if (!user.isSuperAdmin) throw new ApiError(403, MESSAGES.forbidden);
  };
  app.get(METRICS_PATH, { onRequest: allowScrape }, async (_request, reply) =>
    reply
      .type(metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.text()),
  );

  app.get(
    GOVERNANCE_PATH,
    {
      config: { superAdmin: true, permission: 'admin' },
      schema: { ...NO_INPUT, summary: '服务治理: 进程与就绪检查', ...answers(GovernanceStatus) },
    },
    async (request) => ok(request, await governanceStatus(services.db, metrics, readiness)),
  );
}

/** The standard `Authorization: Bearer <token>` a Prometheus scrape config sends. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
}

/** Compared in constant time, over digests so that the lengths do not tell either. */
function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
