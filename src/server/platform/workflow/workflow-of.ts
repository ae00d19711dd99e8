import type { Services } from '../../services.ts';
import { FlowRuntime } from './flow-runtime.ts';

/**
 * What a business module does with processes: register its table, start a process on a row, decide (complete) or
 * withdraw it inside the business's own transaction. The flow module's screens use the rest of the runtime (claim,
 * transfer, delete).
 */
export type Workflow = Pick<
  FlowRuntime,
  'registerBusiness' | 'start' | 'startIn' | 'complete' | 'decideIn' | 'withdrawIn'
>;

const runtimes = new WeakMap<Services, FlowRuntime>();

/**
 * The app's one runtime: the businesses registered on it (leave, fund, expense, budget) are called on every step of
 * their processes, whoever takes the step (the inbox, a business screen).
 */
export function workflowOf(services: Services): FlowRuntime {
  let runtime = runtimes.get(services);
  if (!runtime) {
    runtime = new FlowRuntime(services.db);
    runtimes.set(services, runtime);
  }
  return runtime;
}
