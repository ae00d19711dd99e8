import type { ElementKind } from './graph.ts';

/** What compile-model.ts knows of BPMN's elements and the dialects' attributes, as tables. */

/** An element as bpmn-moddle reads it: its properties, and the attributes no descriptor knows in `$attrs`. */
export interface El {
  $type: string;
  $attrs?: Record<string, string>;
  id?: string;
  name?: string;
  [key: string]: unknown;
}
export type Text = string | undefined;
export const NODE_KINDS: Record<string, ElementKind> = {
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:UserTask': 'userTask',
  'bpmn:ManualTask': 'manualTask',
  'bpmn:Task': 'task',
  'bpmn:ReceiveTask': 'receiveTask',
  'bpmn:ExclusiveGateway': 'exclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway',
  'bpmn:InclusiveGateway': 'inclusiveGateway',
  'bpmn:SubProcess': 'subProcess',
  'bpmn:EventBasedGateway': 'eventBasedGateway',
  'bpmn:IntermediateCatchEvent': 'intermediateCatchEvent',
  'bpmn:IntermediateThrowEvent': 'intermediateThrowEvent',
  'bpmn:BoundaryEvent': 'boundaryEvent',
  'bpmn:CallActivity': 'callActivity',
  'bpmn:ScriptTask': 'scriptTask',
  'bpmn:ServiceTask': 'serviceTask',
};

/** The event definitions each kind of event may carry (others are refused, naming the definition). */
export const EVENT_TYPES: Partial<Record<ElementKind, ReadonlySet<string>>> = {
  startEvent: new Set(['timer', 'message', 'signal', 'error']),
  endEvent: new Set(['terminate', 'error', 'signal', 'message']),
  intermediateCatchEvent: new Set(['timer', 'message', 'signal']),
  intermediateThrowEvent: new Set(['signal', 'message']),
  boundaryEvent: new Set(['timer', 'message', 'signal', 'error']),
};

/** The activities a boundary event may be attached to. */
export const ATTACHABLE = new Set<ElementKind>([
  'userTask',
  'receiveTask',
  'subProcess',
  'callActivity',
  'task',
  'manualTask',
  'serviceTask',
]);

/** The elements `flowable:async` may stand on: the token waits before them as a job. */
export const ASYNC_KINDS = new Set<ElementKind>([
  'userTask',
  'serviceTask',
  'scriptTask',
  'task',
  'manualTask',
  'receiveTask',
  'subProcess',
  'callActivity',
  'exclusiveGateway',
  'parallelGateway',
  'inclusiveGateway',
  'intermediateThrowEvent',
  'endEvent',
]);

export { ACTION_FIELDS } from '../../../shared/flow/service-actions.ts';
/** Drawn, not run (artifacts, lanes and the process's data are not flow elements of the graph). */
export const DRAWN = new Set(['bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);
/** Dialect attributes read nowhere that change nothing a run shows (transaction boundaries, the designer's data). */
export const HARMLESS = new Set([
  'async',
  'asyncBefore',
  'asyncAfter',
  'exclusive',
  'jobPriority',
  'taskPriority',
  'failedJobRetryTimeCycle',
  'category',
  'versionTag',
  'historyTimeToLive',
  'isStartableInTasklist',
  'diagramRelationId',
  'formFieldValidation',
  'extensionId',
  'candidateStarterUsers',
  'candidateStarterGroups',
  // A call activity's: the called instance's business key and tenant are its caller's here.
  'inheritBusinessKey',
  'calledElementTenantId',
  'fallbackToDefaultTenant',
  // Read by compile-model.ts (callOf, scriptOf).
  'resultVariable',
  'resultVariableName',
  'inheritVariables',
  'calledElementBinding',
  'calledElementVersion',
  'calledElementType',
]);
export const LISTENERS: Record<string, string> = {
  'flowable:TaskListener': 'taskListener',
  'flowable:ExecutionListener': 'executionListener',
};
/** The attribute of a service or a listener that says what code it runs, and why that is refused. */
export const CODE_RUNS: Array<[string, string]> = [
  ['class', 'Java classes are not run here — use an allow-listed action'],
  ['delegateExpression', 'Java beans are not run here — use an allow-listed action'],
  ['expression', 'expressions that call code are not run here — use an allow-listed action'],
];
export const LISTENER_RUNS: Array<[string, string]> = [
  ...CODE_RUNS.slice(0, 2),
  ['script', 'listener scripts are not run here'],
  ['expression', 'listeners are not run here'],
];
/** A comma-separated list of names or expressions (`a, ${b}, c`), commas inside an expression kept. */
export function splitList(text: Text): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text ?? '') {
    if (char === '{') depth++;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}
