import { Engine } from 'bpmn-engine';
import { checkText } from './expression.ts';
import { MODDLE_OPTIONS, ModelError, engineSource } from './model-source.ts';

export { MODDLE_OPTIONS, ModelError, engineSource };

/**
 * Reading and checking a BPMN 2.0 file before it is deployed: one executable process of the elements the engine
 * runs here (events, user tasks, gateways, flows), every `${...}` understood by our evaluator, no scripts.
 */

const ALLOWED_TYPES = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ManualTask',
  'bpmn:Task',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
]);
/** Not executed, only drawn. */
const ARTIFACT_TYPES = new Set([
  'bpmn:TextAnnotation',
  'bpmn:Association',
  'bpmn:Group',
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
]);

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
}

interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  isExecutable?: boolean;
  language?: string;
  body?: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  collection?: string;
  eventDefinitions?: ModdleElement[];
  loopCharacteristics?: ModdleElement;
  conditionExpression?: ModdleElement;
  flowElements?: ModdleElement[];
  artifacts?: ModdleElement[];
  rootElements?: ModdleElement[];
  documentation?: Array<{ text?: string }>;
  [key: string]: unknown;
}
interface ModdleContext {
  rootElement?: ModdleElement;
  warnings: Array<{ message: string }>;
}
/** bpmn-engine's XML parsing with bpmn-moddle (pinned version): the warnings tell what the parser dropped. */
interface ModdleParser {
  _getModdleContext(source: string): Promise<ModdleContext>;
}

export async function readModel(xml: string): Promise<ModelInfo> {
  if (!xml || !xml.trim()) throw new ModelError('empty file');
  let context: ModdleContext;
  try {
    const parser = new Engine({ moddleOptions: MODDLE_OPTIONS }) as unknown as ModdleParser;
    context = await parser._getModdleContext(engineSource(xml));
  } catch (error) {
    throw new ModelError(`not a BPMN 2.0 file: ${firstLine(error)}`);
  }
  const fatal = context.warnings.find((w) => !/^unknown attribute/.test(w.message));
  if (fatal) throw new ModelError(firstLine(fatal));
  const processes = (context.rootElement?.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) throw new ModelError(`exactly one process is needed, found ${processes.length}`);
  const [process] = processes;
  if (!process.id) throw new ModelError('the process has no id');
  if (!/^[A-Za-z_][\w.-]{0,63}$/.test(process.id))
    throw new ModelError(`process id "${process.id}" must be a name of at most 64 letters, digits, _ . -`);
  if (process.isExecutable === false)
    throw new ModelError(`process "${process.id}" is not executable (isExecutable="false")`);

  const userTasks: UserTaskInfo[] = [];
  let starts = 0;
  for (const element of process.flowElements ?? []) {
    const where = `${element.$type.replace('bpmn:', '')} "${element.id ?? ''}"`;
    if (!ALLOWED_TYPES.has(element.$type)) throw new ModelError(`${where} is not supported here`);
    if (element.eventDefinitions?.some((d) => d.$type !== 'bpmn:TerminateEventDefinition')) {
      throw new ModelError(`${where}: event definitions are not supported here`);
    }
    const loop = element.loopCharacteristics;
    if (loop && (element.$type !== 'bpmn:UserTask' || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')) {
      throw new ModelError(`${where}: only user tasks may be multi-instance`);
    }
    if (element.$type === 'bpmn:StartEvent') starts++;
    if (element.$type === 'bpmn:UserTask') {
      if (!element.assignee && !element.candidateUsers && !element.candidateGroups) {
        throw new ModelError(`${where} has neither an assignee nor candidate users or groups`);
      }
      if (loop && !loop.collection && !loop.loopCardinality)
        throw new ModelError(`${where}: a multi-instance task needs a collection`);
      const groups = (element.candidateGroups ?? '')
        .split(',')
        .map((g) => g.trim())
        .filter((g) => g && !g.includes('${'));
      userTasks.push({ id: element.id!, name: element.name ?? '', candidateGroups: [...new Set(groups)] });
    }
    const condition = element.conditionExpression;
    if (condition) {
      if (condition.language)
        throw new ModelError(`${where}: scripted conditions (${condition.language}) are not allowed, use \${...}`);
      if (!/^\s*\$\{[^}]*\}\s*$/.test(condition.body ?? ''))
        throw new ModelError(`${where}: the condition must be one \${...} expression`);
    }
  }
  for (const artifact of process.artifacts ?? []) {
    if (!ARTIFACT_TYPES.has(artifact.$type))
      throw new ModelError(`${artifact.$type} "${artifact.id ?? ''}" is not supported here`);
  }
  if (starts !== 1) throw new ModelError(`exactly one start event is needed, found ${starts}`);
  const problem = firstExpressionProblem(process);
  if (problem) throw new ModelError(`expression ${problem}`);

  return {
    key: process.id,
    name: process.name ?? process.id,
    description: (process.documentation ?? [])
      .map((d) => d.text ?? '')
      .join('\n')
      .trim(),
    userTasks,
  };
}

/** Every text of the process (attributes, conditions, documentation) is checked: the engine may resolve any of them. */
function firstExpressionProblem(root: ModdleElement): string | undefined {
  const seen = new Set<unknown>();
  const visit = (value: unknown): string | undefined => {
    if (typeof value === 'string') return checkText(value);
    if (!value || typeof value !== 'object' || seen.has(value)) return undefined;
    seen.add(value);
    const attrs = (value as { $attrs?: Record<string, unknown> }).$attrs;
    for (const child of [...Object.values(value), ...Object.values(attrs ?? {})]) {
      const problem = visit(child);
      if (problem) return problem;
    }
    return undefined;
  };
  return visit(root);
}

const firstLine = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0];
