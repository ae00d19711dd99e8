import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { managerRoutes } from './manager.routes.ts';
import { modelRoutes } from './model.routes.ts';
import { processRoutes } from './process.routes.ts';
import { approvalRoutes } from './approval.routes.ts';
import { workRoutes } from './work.routes.ts';
import { eventRoutes } from './event.routes.ts';
import { workflowOf } from '../../platform/workflow/index.ts';
import { workActionRoutes } from './work-actions.routes.ts';
import { jobRoutes } from './job.routes.ts';

/** The workflow module (contract flow.md): engine administration, my work, process view, leave and fund approval. */
export async function flowRoutes(app: FastifyInstance, { services }: { services: Services }) {
  await app.register(modelRoutes, { services });
  await app.register(managerRoutes, { services });
  await app.register(workRoutes, { services });
  await app.register(workActionRoutes, { services });
  await app.register(processRoutes, { services });
  await app.register(approvalRoutes, { services });
  await app.register(eventRoutes, { services });
  await app.register(jobRoutes, { services });
  // This process fires the workflow's due timers while it serves (flow-jobs.ts).
  const { jobs } = workflowOf(services);
  app.addHook('onReady', async () => jobs.start(services.config.flowJobPollMs, app.log));
  app.addHook('onClose', () => jobs.stop());
}
