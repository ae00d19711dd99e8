import type { FastifyRequest } from 'fastify';
import { langOf, type R } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import { text, type LocalText, type MessageVars } from '../../../shared/i18n/server-messages.ts';
import { FlowQueries } from './flow-queries.ts';
import { FlowRuntime } from './flow-runtime.ts';

/** The workflow module's services, one per app: business modules reach the runtime (and its hooks) through `flowOf`. */
export interface FlowModule {
  runtime: FlowRuntime;
  queries: FlowQueries;
}

const modules = new WeakMap<Services, FlowModule>();

export function flowOf(services: Services): FlowModule {
  let module = modules.get(services);
  if (!module) {
    module = { runtime: new FlowRuntime(services.db), queries: new FlowQueries(services.db, services.dictionaries) };
    modules.set(services, module);
  }
  return module;
}

/** `R.success("...")`: a status result with the contract's message. */
export function success(request: FastifyRequest, message: LocalText, vars?: MessageVars): R<null> {
  return { code: 200, success: true, data: null, msg: text(langOf(request), message, vars) };
}
