import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { failWith, ok } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { parseIds } from '../../platform/entity/service.ts';
import { PAGING } from '../../platform/entity/schemas.ts';
import { mapQuery, Param, paramsOf, queryOrBody, queryParams } from '../../platform/route-schemas.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import * as urls from '../../../shared/contract/api/flow.ts';
import { FlowJob, FlowJobPage } from '../../../shared/contract/api/flow.schemas.ts';
import { FLOW_JOB, FLOW_JOB_RETRY } from '../../../shared/flow/buttons.ts';
import type { Services } from '../../services.ts';
import { FLOW_MESSAGES, workflowOf } from '../../platform/workflow/index.ts';
import { success } from './flow-module.ts';

const JOB_FILTERS = {
  ...PAGING,
  jobState: Type.String({
    enum: ['failed', 'waiting', 'all'],
    description: 'failed 失败待处理 (out of retries), waiting 等待执行, all 全部 (default; the failed first)',
  }),
  processKey: Type.String({ description: '流程标识 (process key)' }),
  kind: Type.String({ description: 'timer, start, action, async' }),
};

/**
 * [DESIGN] 作业管理 (issue 34): the jobs processes wait on, and a failed one (out of its retries, its error kept) given
 * its retries back once its cause is fixed. For administrators: a tenant's see its jobs, the platform's every tenant's
 * (the tenant wall decides, as for every table). A job is never deleted here: that would strand its instance, which
 * 流程跟踪 deletes instead.
 */
export async function jobRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const workflow = workflowOf(services);
  const guard = (permission: string) => ({ admin: true, permission });

  app.get(
    urls.JOB_LIST_URL,
    { config: guard(FLOW_JOB), schema: { ...mapQuery(JOB_FILTERS), ...answers(FlowJobPage) } },
    async (request) => ok(request, await workflow.jobPage(request.query)),
  );

  app.get(
    urls.JOB_DETAIL_URL,
    { config: guard(FLOW_JOB), schema: { ...queryParams({ id: Param }), ...answers(FlowJob) } },
    async (request) => {
      const id = requiredParam(request.query, 'id');
      const job = await workflow.job(id);
      if (!job) throw failWith(FLOW_MESSAGES.jobNotFound, { name: id });
      return ok(request, job);
    },
  );

  app.post(
    urls.JOB_RETRY_URL,
    { config: guard(FLOW_JOB_RETRY), schema: { ...queryOrBody({ ids: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      const ids = parseIds(paramsOf(request).ids);
      if (!(await workflow.retryJobs(ids))) throw failWith(FLOW_MESSAGES.jobNotFound, { name: ids.join(',') });
      return success(request, FLOW_MESSAGES.jobsRetried, { name: ids.length });
    },
  );
}
