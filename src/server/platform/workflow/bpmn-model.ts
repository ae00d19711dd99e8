import { compileModel } from './compile-model.ts';
import type { ProcessGraph } from './graph.ts';
import { hasExpression } from './expression.ts';
import { MODDLE_OPTIONS, ModelError, engineSource } from './model-source.ts';
import { hookProblems, type FlowHook } from './service-actions.ts';

export { MODDLE_OPTIONS, ModelError, engineSource };

/**
 * Reading and checking a BPMN file before it is deployed: the deploy check is the interpreter's compile
 * (compile-model.ts), so a model deploys exactly when it can be run, and a refusal names every problem.
 */

export interface UserTaskInfo {
  id: string;
  name: string;
  /** candidate groups written as plain role aliases (those given by an expression are known only at run time) */
  candidateGroups: string[];
}
export interface ModelInfo {
  /** process id: the definition key */
  key: string;
  name: string;
  description: string;
  userTasks: UserTaskInfo[];
  /** What deploys but may surprise (a task with nobody to do it goes to the tenant's administrators), one a line. */
  warnings: string[];
  /** The process as the interpreter runs it (its start events' jobs and subscriptions are deployed with it). */
  graph: ProcessGraph;
}

/** A model's process read and checked; `hooks`: the actions modules offer (a `hook` task naming another is refused). */
export async function readModel(xml: string, hooks: ReadonlyMap<string, FlowHook> = new Map()): Promise<ModelInfo> {
  const { graph, warnings } = await compileModel(xml);
  const problems = hookProblems(graph, hooks);
  if (problems.length) throw new ModelError(problems.join('\n'));
  const userTasks = [...graph.nodes.values()].flatMap((node) =>
    node.userTask
      ? [
          {
            id: node.id,
            name: node.name,
            candidateGroups: node.userTask.candidateGroups.filter((group) => !hasExpression(group)),
          },
        ]
      : [],
  );
  return { key: graph.key, name: graph.name, description: graph.description, userTasks, warnings, graph };
}
