import { Engine } from 'bpmn-engine';
import { checkText, isExpression, isVariableName } from './expression.ts';
import {
  ACTION_TYPES,
  MAX_LOOP,
  tooManyInstances,
  type ActionSpec,
  type ActionType,
  type CallSpec,
  type ElementKind,
  type EventSpec,
  type FlowNode,
  type FormField,
  type LoopSpec,
  type ProcessGraph,
  type SequenceFlow,
  type TimerSpec,
  type UserTaskSpec,
} from './graph.ts';
import { FORM_FIELD_TYPES, type FormFieldType } from '../../../shared/flow/form-fields.ts';
import {
  ACTION_FIELDS,
  ASYNC_KINDS,
  ATTACHABLE,
  CODE_RUNS,
  EVENT_TYPES,
  DRAWN,
  HARMLESS,
  LISTENERS,
  LISTENER_RUNS,
  NODE_KINDS,
  splitList,
  type El,
  type Text,
} from './model-elements.ts';
import { DIALECT_URIS, MODDLE_OPTIONS, ModelError, declarationIn, parserSource } from './model-source.ts';
import { timerProblem } from './timer-spec.ts';

/**
 * A BPMN file of any dialect (plain BPMN 2.0, `flowable:`, `activiti:`, `camunda:`) compiled into the graph the
 * interpreter runs (graph.ts), read the way Flowable reads it where the issue is silent. The deploy check is this
 * compile: a file is refused with every problem at once, one a line, each naming the element's kind and id, the
 * attribute and the line, e.g. `line 12: ServiceTask "sendMail" (flowable:class): Java classes are not run here`.
 */

interface ModdleWarning {
  message: string;
  element?: El;
  property?: string;
  value?: string;
}
interface ModdleContext {
  rootElement?: El;
  elementsById: Record<string, El>;
  warnings: ModdleWarning[];
}
interface ModdleParser {
  _getModdleContext(source: string): Promise<ModdleContext>;
}

const ID = /^[A-Za-z_][\w.-]{0,63}$/;

/** Reads a model once; the graph is cached per definition by its caller. */
export async function compileModel(xml: string): Promise<{ graph: ProcessGraph; warnings: string[] }> {
  if (!xml || !xml.trim()) throw new ModelError('empty file');
  const declared = declarationIn(xml);
  if (declared) throw new ModelError(`${declared} is refused: DOCTYPE and entity declarations are not accepted`);
  const source = parserSource(xml);
  let context: ModdleContext;
  try {
    const parser = new Engine({ moddleOptions: MODDLE_OPTIONS }) as unknown as ModdleParser;
    context = await parser._getModdleContext(source);
  } catch (error) {
    throw new ModelError(`not a BPMN 2.0 file: ${firstLine(error)}`);
  }
  return new Compiler(xml, source, context).compile();
}

class Compiler {
  private readonly problems: string[] = [];
  private readonly warnings: string[] = [];
  /** The prefix the file binds to its dialect's namespace, to name attributes as written (`camunda:assignee`). */
  private prefix = 'flowable';
  /** Every sequence flow's id, generated (`flow_<n>`) for those the file gives none. */
  private readonly flowIds = new Map<El, string>();
  private readonly unresolved = new Map<El, Map<string, string>>();

  constructor(
    private readonly xml: string,
    private readonly source: string,
    private readonly context: ModdleContext,
  ) {}

  /** The namespace prefixes the root element declares. */
  private get declarations(): Record<string, string> {
    const entries = Object.entries(this.context.rootElement?.$attrs ?? {}).flatMap(([name, uri]) => {
      const prefix = /^xmlns:(.+)$/.exec(name)?.[1];
      return prefix ? [[prefix, uri] as const] : [];
    });
    return Object.fromEntries(entries);
  }

  compile(): { graph: ProcessGraph; warnings: string[] } {
    const definitions = this.context.rootElement;
    const declared = Object.entries(this.declarations).find(([, uri]) => DIALECT_URIS.includes(uri));
    this.prefix = declared?.[0] ?? 'flowable';
    this.readWarnings();
    const roots = list<El>(definitions?.rootElements);
    const process = this.executableProcess(roots);
    if (!process) {
      // Several executable processes: each one's own problems are named too.
      for (const other of roots.filter((e) => e.$type === 'bpmn:Process' && e.isExecutable !== false && e.id))
        this.graphOf(other);
      throw new ModelError(this.problems.join('\n'));
    }
    const graph = this.graphOf(process);
    if (this.problems.length) throw new ModelError(this.problems.join('\n'));
    return { graph, warnings: this.warnings };
  }

  /** `line N: Kind "id" (attribute): message`, the line found by the element's `id="…"` in the file. */
  private name(element: El, attribute?: string): string {
    const kind = element.$type.replace(/^bpmn:/, '');
    const id = element.id ?? this.flowIds.get(element) ?? '';
    const line = element.id ? this.lineOf(element.id) : undefined;
    return `${line ? `line ${line}: ` : ''}${kind} "${id}"${attribute ? ` (${attribute})` : ''}`;
  }
  private problem(element: El, attribute: string | undefined, message: string) {
    const problem = `${this.name(element, attribute)}: ${message}`;
    if (!this.problems.includes(problem)) this.problems.push(problem);
  }
  private lineOf(id: string): number | undefined {
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = new RegExp(`\\sid\\s*=\\s*["']${escaped}["']`).exec(this.xml)?.index;
    return at === undefined ? undefined : this.xml.slice(0, at + 1).split('\n').length;
  }
  private dialect(attribute: string) {
    return `${this.prefix}:${attribute}`;
  }

  /** What the parser dropped: content it could not read, references to nothing (kept for loopDataInputRef). */
  private readWarnings() {
    // The parser counts lines from 0 in the text it reads, without the leading blank lines.
    const leading = /^\s*/.exec(this.source)![0].split('\n').length;
    for (const warning of this.context.warnings) {
      const { message, element, property, value } = warning;
      if (/^unknown attribute/.test(message)) continue;
      if (/^unresolved reference/.test(message) && element && property && value !== undefined) {
        const refs = this.unresolved.get(element) ?? new Map<string, string>();
        this.unresolved.set(element, refs.set(property, value));
        continue;
      }
      const content = /^unparsable content (.*?)\s*detected\n\s*line: (\d+)[^]*?nested error: (.*)/.exec(message);
      if (content) {
        const line = Number(content[2]) + leading;
        const tag = content[1].replace(/\/?>$/, '>') || 'content';
        this.problems.push(`line ${line}: ${tag} is not understood here (${content[3]})`);
      } else this.problems.push(firstLine(message));
    }
  }

  /** The one executable process (`isExecutable` absent counts as executable, as Flowable reads it). */
  private executableProcess(roots: El[]): El | undefined {
    const processes = roots.filter((e) => e.$type === 'bpmn:Process');
    const executable = processes.filter((p) => p.isExecutable !== false);
    if (!processes.length) this.problems.push('the file has no process');
    else if (!executable.length) {
      if (processes.length === 1) this.problem(processes[0], 'isExecutable', 'the process is not executable');
      else
        this.problems.push(
          `no executable process: every process has isExecutable="false" (${processes.map((p) => `"${p.id}"`).join(', ')})`,
        );
    } else if (executable.length > 1) {
      const names = executable.map((p) => this.name(p)).join(', ');
      this.problems.push(`several executable processes (${names}): one a file is supported for now`);
    } else if (!executable[0].id || !ID.test(executable[0].id)) {
      this.problem(executable[0], 'id', 'the process id must be a name of at most 64 letters, digits, _ . -');
    }
    return executable.length === 1 ? executable[0] : undefined;
  }

  private graphOf(process: El): ProcessGraph {
    const nodes = new Map<string, FlowNode>();
    const flows = new Map<string, SequenceFlow>();
    const flowIds = this.flowIds;
    // Every element of the process and of its embedded sub-processes, each with its scope ('' for the process).
    const scopes = new Map<El, string>();
    const walk = (owner: El, scope: string): El[] =>
      list<El>(owner.flowElements).flatMap((element) => {
        scopes.set(element, scope);
        const inner = element.$type === 'bpmn:SubProcess' && element.id ? walk(element, element.id) : [];
        return [element, ...inner];
      });
    const elements = walk(process, '');
    this.checkAttributes(process);
    this.checkExtensions(process);
    let generated = 0;
    for (const element of elements.filter((e) => e.$type === 'bpmn:SequenceFlow')) {
      let id = element.id;
      while (!id) {
        const candidate = `flow_${++generated}`;
        if (!this.context.elementsById[candidate] && !this.lineOf(candidate)) id = candidate;
      }
      flowIds.set(element, id);
    }
    for (const element of elements) {
      const kind = NODE_KINDS[element.$type];
      if (element.$type === 'bpmn:SequenceFlow' || DRAWN.has(element.$type)) continue;
      if (!kind) {
        this.problem(element, ...this.whyUnsupported(element));
        continue;
      }
      if (!element.id) {
        this.problem(element, 'id', 'an element the process runs needs an id');
        continue;
      }
      const node = { ...this.nodeOf(element, kind, flowIds), scope: scopes.get(element) ?? '' };
      if (kind === 'subProcess' && element.triggeredByEvent) this.eventSubProcess(node, element, elements, scopes);
      else if (kind === 'subProcess') node.start = this.startOf(element, elements, scopes, element.id);
      nodes.set(element.id, node);
    }
    for (const element of elements.filter((e) => e.$type === 'bpmn:SequenceFlow')) {
      const flow = this.flowOf(element, flowIds.get(element)!);
      if (!flow) continue;
      flows.set(flow.id, flow);
      nodes.get(flow.source)?.outgoing.push(flow.id);
      nodes.get(flow.target)?.incoming.push(flow.id);
    }
    for (const node of nodes.values()) {
      if (node.defaultFlow && !node.outgoing.includes(node.defaultFlow))
        this.problems.push(`${this.name(elementOf(elements, node.id), 'default')}: not one of its outgoing flows`);
      if (node.kind === 'boundaryEvent') this.attach(node, elementOf(elements, node.id), nodes);
      if (node.kind === 'eventBasedGateway') this.checkEventGateway(node, elementOf(elements, node.id), nodes, flows);
      if (node.triggeredByEvent) this.checkEventSubProcess(node, elementOf(elements, node.id));
      if (node.event?.type === 'error' && node.kind === 'startEvent' && !nodes.get(node.scope)?.triggeredByEvent)
        this.problem(
          elementOf(elements, node.id),
          'errorEventDefinition',
          'only an event sub-process starts by an error',
        );
    }
    const { start, eventStarts } = this.startsOf(process, elements, scopes, nodes);
    return {
      key: process.id!,
      name: process.name ?? process.id!,
      description: list<{ text?: string }>(process.documentation)
        .map((d) => d.text ?? '')
        .join('\n')
        .trim(),
      nodes,
      flows,
      start,
      eventStarts,
      ...this.initiatorOf(elements.filter((e) => scopes.get(e) === '' && e.$type === 'bpmn:StartEvent')),
      ...this.startFormKeyOf(elements.filter((e) => scopes.get(e) === '' && isNoneStart(e))),
    };
  }

  /** The none start event's form key (a Tenon business form, or the start form's name). */
  private startFormKeyOf(starts: El[]): { startFormKey?: string } {
    const key = starts.map((e) => e.formKey).find((v) => typeof v === 'string' && v.trim());
    return typeof key === 'string' ? { startFormKey: key.trim() } : {};
  }

  /** The variable a start event names for the starter's id (`flowable:initiator`), the none start's first. */
  private initiatorOf(starts: El[]): { initiator?: string } {
    const named = [...starts].sort((a, b) => Number(!isNoneStart(a)) - Number(!isNoneStart(b)));
    const initiator = named.map((e) => e.initiator).find((v) => typeof v === 'string' && v);
    return typeof initiator === 'string' ? { initiator } : {};
  }

  /**
   * The process's start events: at most one none start (where a start by hand begins), any number with a timer,
   * message or signal; a process with no none start and one event start is started by hand at that one (as Flowable).
   */
  private startsOf(process: El, elements: El[], scopes: Map<El, string>, nodes: Map<string, FlowNode>) {
    const starts = elements.filter((e) => scopes.get(e) === '' && e.$type === 'bpmn:StartEvent' && e.id);
    const none = starts.filter(isNoneStart);
    const eventStarts = starts.filter((e) => !isNoneStart(e) && nodes.get(e.id!)?.event).map((e) => e.id!);
    if (none.length > 1)
      this.problem(process, undefined, `has ${none.length} start events without an event definition`);
    if (!starts.length) this.problem(process, undefined, 'has no start event');
    const start = none[0]?.id ?? (starts.length === 1 ? starts[0].id! : '');
    return { start, eventStarts };
  }

  /** A boundary event on an activity of its own scope: the activity lists it. */
  private attach(node: FlowNode, element: El, nodes: Map<string, FlowNode>) {
    const target = (element.attachedToRef as El | undefined)?.id;
    const activity = target ? nodes.get(target) : undefined;
    if (!activity) {
      const exists = target !== undefined && this.context.elementsById[target] !== undefined;
      return this.problem(
        element,
        'attachedToRef',
        exists ? `"${target}" cannot run` : `refers to nothing: "${target ?? ''}"`,
      );
    }
    if (activity.triggeredByEvent)
      return this.problem(element, 'attachedToRef', 'an event sub-process takes no boundary events');
    if (!ATTACHABLE.has(activity.kind))
      return this.problem(element, 'attachedToRef', `boundary events on a ${activity.kind} are not supported`);
    if (!node.event) return this.problem(element, 'eventDefinitions', 'a boundary event needs an event definition');
    if (node.incoming.length) this.problem(element, 'incoming', 'a boundary event has no incoming flow');
    node.attachedTo = activity.id;
    node.scope = activity.scope;
    node.interrupting = element.cancelActivity !== false;
    if (node.event.type === 'error' && !node.interrupting)
      this.problem(element, 'cancelActivity', 'an error boundary event always interrupts');
    (activity.boundaries ??= []).push(node.id);
  }

  /** An event-based gateway's flows lead to catch events or receive tasks, one way in each. */
  private checkEventGateway(
    node: FlowNode,
    element: El,
    nodes: Map<string, FlowNode>,
    flows: Map<string, SequenceFlow>,
  ) {
    if (!node.outgoing.length) this.problem(element, 'outgoing', 'leads to no catch event');
    for (const id of node.outgoing) {
      const target = nodes.get(flows.get(id)!.target);
      if (!target || !(target.kind === 'intermediateCatchEvent' || target.kind === 'receiveTask'))
        this.problem(element, 'outgoing', `flow ${id} must lead to a catch event or a receive task`);
      else if (target.incoming.length > 1)
        this.problem(element, 'outgoing', `${target.id} after an event-based gateway must have one incoming flow`);
      if (flows.get(id)!.condition) this.problem(element, 'outgoing', `flow ${id} after it takes no condition`);
    }
  }

  /** An event definition as the interpreter runs it, or the problem named. */
  private eventOf(element: El, kind: ElementKind, definition: El): EventSpec | 'terminate' | undefined {
    const type = lowerFirst(definition.$type.replace(/^bpmn:/, '').replace(/EventDefinition$/, ''));
    const attribute = `${type}EventDefinition`;
    if (!EVENT_TYPES[kind]?.has(type)) {
      this.problem(element, attribute, `not supported on a ${kind}`);
      return undefined;
    }
    if (type === 'terminate') return 'terminate';
    if (type === 'timer') {
      const forms = (['timeDuration', 'timeDate', 'timeCycle'] as const).filter((f) => definition[f]);
      if (forms.length !== 1) {
        this.problem(element, attribute, 'needs one of timeDuration, timeDate, timeCycle');
        return undefined;
      }
      const text = (((definition[forms[0]] as El).body as Text) ?? '').trim();
      const timer: TimerSpec = {
        kind: ({ timeDuration: 'duration', timeDate: 'date', timeCycle: 'cycle' } as const)[forms[0]],
        text,
      };
      const problem = !text
        ? 'is empty'
        : !isExpression(text)
          ? timerProblem(timer)
          : kind === 'startEvent'
            ? "a start timer's time is fixed: write it without ${…} (there are no variables before the start)"
            : undefined;
      if (problem) this.problem(element, forms[0], problem);
      else if (isExpression(text) && !this.checkText(element, forms[0], text)) return undefined;
      return problem ? undefined : { type: 'timer', timer };
    }
    if (type === 'error') {
      const error = this.referenced(definition, 'errorRef');
      const code = (error?.errorCode as Text) ?? error?.name ?? error?.id;
      if (kind === 'endEvent' && !code) this.problem(element, 'errorRef', 'an error end event names its error');
      return { type: 'error', ...(code ? { code } : {}) };
    }
    const refName = type === 'message' ? 'messageRef' : 'signalRef';
    const ref = this.referenced(definition, refName);
    const name = (ref?.name ?? ref?.id ?? '').trim();
    if (!name) {
      this.problem(
        element,
        refName,
        `${kind === 'endEvent' || kind === 'intermediateThrowEvent' ? 'throws' : 'waits for'} no ${type} (${refName} missing)`,
      );
      return undefined;
    }
    return { type: type as 'message' | 'signal', name };
  }

  /** A reference of a definition (`messageRef`), found also when written with a namespace prefix (`tns:newInvoice`). */
  private referenced(definition: El, property: string): El | undefined {
    const ref = definition[property] as El | undefined;
    if (ref) return ref;
    const written = this.unresolved.get(definition)?.get(`bpmn:${property}`);
    if (!written) return undefined;
    const found = this.context.elementsById[written.replace(/^[\w.-]+:/, '')];
    if (!found) this.problem(definition, property, `refers to nothing: "${written}"`);
    return found;
  }

  /**
   * An event sub-process (`triggeredByEvent`): one start event with a timer, message, signal or error, interrupting
   * its scope unless `isInterrupting="false"` (an error's always does).
   */
  private eventSubProcess(node: FlowNode, element: El, elements: El[], scopes: Map<El, string>) {
    node.triggeredByEvent = true;
    const starts = elements.filter((e) => scopes.get(e) === element.id && e.$type === 'bpmn:StartEvent' && e.id);
    const triggers = starts.filter((e) => !isNoneStart(e));
    if (starts.length !== 1 || triggers.length !== 1)
      this.problem(
        element,
        'triggeredByEvent',
        `needs one start event, with a timer, message, signal or error (found ${starts.length}, ${triggers.length} with one)`,
      );
    if (
      triggers[0]?.isInterrupting === false &&
      list<El>(triggers[0].eventDefinitions)[0]?.$type === 'bpmn:ErrorEventDefinition'
    )
      this.problem(triggers[0], 'isInterrupting', 'an error start event always interrupts');
    node.start = triggers[0]?.id ?? '';
  }

  /** No flow enters or leaves an event sub-process; it has no boundary events and no loop. */
  private checkEventSubProcess(node: FlowNode, element: El) {
    if (node.incoming.length || node.outgoing.length)
      this.problem(
        element,
        node.incoming.length ? 'incoming' : 'outgoing',
        'no sequence flow enters or leaves an event sub-process',
      );
    if (node.loop)
      this.problem(element, 'multiInstanceLoopCharacteristics', 'an event sub-process is not multi-instance');
  }

  /** A sub-process's one none start event. */
  private startOf(owner: El, elements: El[], scopes: Map<El, string>, scope: string): string {
    const starts = elements.filter((e) => scopes.get(e) === scope && isNoneStart(e));
    if (starts.length !== 1)
      this.problem(owner, undefined, `needs one start event without an event definition, found ${starts.length}`);
    return starts[0]?.id ?? '';
  }

  /** The attribute that explains why an unsupported element cannot run (a Java class, a script language…). */
  private whyUnsupported(element: El): [string | undefined, string] {
    for (const [attribute, message] of CODE_RUNS) {
      const written = this.attributeOf(element, attribute);
      if (written) return [written, message];
    }
    const type = this.attributeOf(element, 'type');
    if (type) return [type, `"${this.attributeValue(element, 'type')}" tasks are not supported yet`];
    const format = element.$type === 'bpmn:ScriptTask' && (element.scriptFormat as Text);
    if (format) return ['scriptFormat', `${format} scripts are not run here`];
    return [undefined, 'not supported yet'];
  }
  /** A dialect attribute no descriptor reads (the parser keeps it as `flowable:…`), named as the file writes it. */
  private attributeOf(element: El, local: string): string | undefined {
    return this.attributeValue(element, local) === undefined ? undefined : this.dialect(local);
  }
  private attributeValue(element: El, local: string): string | undefined {
    return element.$attrs?.[`flowable:${local}`];
  }

  private nodeOf(element: El, kind: ElementKind, flowIds: Map<El, string>): FlowNode {
    const node: FlowNode = {
      id: element.id!,
      kind,
      name: element.name ?? '',
      scope: '',
      incoming: [],
      outgoing: [],
    };
    this.checkAttributes(element);
    this.checkExtensions(element);
    this.checkText(element, 'name', element.name);
    const defaultFlow = element.default as El | undefined;
    if (defaultFlow) node.defaultFlow = flowIds.get(defaultFlow) ?? defaultFlow.id;
    for (const [property, value] of this.unresolved.get(element) ?? [])
      if (property !== 'bpmn:messageRef' && property !== 'bpmn:attachedToRef')
        this.problem(element, property.replace(/^bpmn:/, ''), `refers to nothing: "${value}"`);
    const definitions = list<El>(element.eventDefinitions);
    if (definitions.length > 1) this.problem(element, 'eventDefinitions', 'several event definitions on one event');
    for (const definition of definitions.slice(0, 1)) {
      const event = this.eventOf(element, kind, definition);
      if (event === 'terminate') node.terminate = true;
      else if (event) node.event = event;
    }
    if (kind === 'startEvent' && element.isInterrupting === false) node.interrupting = false;
    if (kind === 'intermediateCatchEvent' && !definitions.length)
      this.problem(element, 'eventDefinitions', 'a catch event waits for a timer, a message or a signal');
    if (kind === 'receiveTask' && (element.messageRef || this.unresolved.get(element)?.has('bpmn:messageRef'))) {
      // A receive task with a message waits for it as a message catch event does.
      const message = this.referenced(element, 'messageRef');
      const name = (message?.name ?? message?.id ?? '').trim();
      if (name) node.event = { type: 'message', name };
    }
    if (kind === 'userTask') node.userTask = this.userTaskOf(element);
    if (kind === 'callActivity') node.call = this.callOf(element);
    const actionType = kind === 'serviceTask' ? this.attributeValue(element, 'type')?.trim() : undefined;
    if (actionType && (ACTION_TYPES as readonly string[]).includes(actionType))
      node.action = this.actionOf(element, actionType as ActionType);
    else if (kind === 'scriptTask' || kind === 'serviceTask') node.script = this.scriptOf(element, kind);
    if (['async', 'asyncBefore'].some((name) => this.attributeValue(element, name)?.trim() === 'true')) {
      if (ASYNC_KINDS.has(kind)) node.async = true;
      else this.problem(element, this.dialect('async'), `a ${kind} cannot wait as a job before it runs`);
    }
    const initiator = element.initiator;
    if (typeof initiator === 'string' && initiator && !isVariableName(initiator))
      this.problem(element, this.dialect('initiator'), `"${initiator}" is not a variable name`);
    if (kind === 'userTask' || kind === 'startEvent') {
      const form = this.formOf(element);
      if (form.length) node.form = form;
    }
    const loop = element.loopCharacteristics as El | undefined;
    if (loop) {
      if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')
        this.problem(element, 'standardLoopCharacteristics', 'loops are not supported yet, use multi-instance');
      else if (kind !== 'userTask' && kind !== 'subProcess' && kind !== 'callActivity')
        this.problem(
          element,
          'multiInstanceLoopCharacteristics',
          'only user tasks, sub-processes and call activities may be multi-instance for now',
        );
      else node.loop = this.loopOf(element, loop);
    }
    return node;
  }

  private userTaskOf(task: El): UserTaskSpec {
    const spec: UserTaskSpec = {
      candidateUsers: splitList(task.candidateUsers as Text),
      candidateGroups: splitList(task.candidateGroups as Text),
    };
    const read = (key: 'assignee' | 'dueDate' | 'priority' | 'formKey' | 'skipExpression') => {
      const value = (task[key] as Text)?.trim();
      if (value) spec[key] = value;
      this.checkText(task, this.dialect(key), value);
    };
    (['assignee', 'dueDate', 'priority', 'formKey', 'skipExpression'] as const).forEach(read);
    for (const role of list<El>(task.resources)) {
      const kind = role.$type === 'bpmn:HumanPerformer' ? 'humanPerformer' : lowerFirst(role.$type.slice(5));
      const expression = (role.resourceAssignmentExpression as El | undefined)?.expression as El | undefined;
      const text = ((expression?.body as Text) ?? (role.resourceRef as El | undefined)?.name ?? '').trim();
      this.checkText(task, kind, text);
      if (!text) this.problem(task, kind, 'names nobody (no formalExpression or resource)');
      else if (kind === 'humanPerformer') spec.assignee ??= text;
      else if (kind === 'potentialOwner')
        for (const owner of splitList(text)) {
          const call = /^(user|group)\(\s*(.*?)\s*\)$/.exec(owner);
          if (call?.[1] === 'user') spec.candidateUsers.push(call[2]);
          else spec.candidateGroups.push(call ? call[2] : owner);
        }
      else this.problem(task, kind, 'not supported yet');
    }
    spec.candidateUsers = [...new Set(spec.candidateUsers)];
    spec.candidateGroups = [...new Set(spec.candidateGroups)];
    spec.candidateUsers.forEach((user) => this.checkText(task, this.dialect('candidateUsers'), user));
    spec.candidateGroups.forEach((group) => this.checkText(task, this.dialect('candidateGroups'), group));
    if (!spec.assignee && !spec.candidateUsers.length && !spec.candidateGroups.length)
      this.warnings.push(
        `${this.name(task)}: no assignee nor candidates — the task goes to the tenant's administrators`,
      );
    return spec;
  }

  /**
   * A script task in the expression language (`scriptFormat="juel"`: its script is one `${…}` / `#{…}`), or a service
   * task whose `flowable:expression` reads values (no method is called: the language has none). Java classes, beans,
   * other script languages and typed tasks (mail, http…) are refused, naming the attribute.
   */
  private scriptOf(element: El, kind: 'scriptTask' | 'serviceTask'): FlowNode['script'] {
    const resultVariable =
      this.attributeValue(element, 'resultVariable')?.trim() ||
      this.attributeValue(element, 'resultVariableName')?.trim();
    if (resultVariable && !isVariableName(resultVariable))
      this.problem(element, this.dialect('resultVariable'), `"${resultVariable}" is not a variable name`);
    let expression: string | undefined;
    if (kind === 'scriptTask') {
      const format = ((element.scriptFormat as Text) ?? '').trim();
      const script = (((element.script as Text) ?? '') as string).trim();
      if (!/^juel$/i.test(format)) {
        this.problem(element, 'scriptFormat', `${format || 'this'} scripts are not run here — write one \${…} (juel)`);
        return undefined;
      }
      if (!isExpression(script)) {
        this.problem(element, 'script', `"${script}" is not one \${…} expression`);
        return undefined;
      }
      expression = script;
    } else {
      for (const [attribute, message] of CODE_RUNS.slice(0, 2))
        if (this.attributeValue(element, attribute) !== undefined)
          this.problem(element, this.dialect(attribute), message);
      const type = this.attributeValue(element, 'type');
      if (type !== undefined) this.problem(element, this.dialect('type'), `"${type}" tasks are not supported yet`);
      expression = this.attributeValue(element, 'expression')?.trim();
      if (!expression) {
        if (type === undefined && !CODE_RUNS.slice(0, 2).some(([a]) => this.attributeValue(element, a) !== undefined))
          this.problem(element, undefined, 'names no action to run');
        return undefined;
      }
      if (!isExpression(expression)) {
        this.problem(element, this.dialect('expression'), `"${expression}" is not one \${…} expression`);
        return undefined;
      }
    }
    if (!this.checkText(element, kind === 'scriptTask' ? 'script' : this.dialect('expression'), expression))
      return undefined;
    return { expression, ...(resultVariable ? { resultVariable } : {}) };
  }

  /**
   * A service task's platform action (`flowable:type` message, status, hook or http) with its `flowable:field`s: each
   * a `stringValue` / `<flowable:string>` (text) or an `expression` (checked now, resolved when the action runs).
   * Missing required fields, unknown ones and a second action attribute (a class beside it) are problems.
   */
  private actionOf(element: El, type: ActionType): ActionSpec {
    for (const [attribute] of CODE_RUNS)
      if (this.attributeValue(element, attribute) !== undefined)
        this.problem(element, this.dialect(attribute), `the ${type} action runs no code beside it`);
    const fields: ActionSpec['fields'] = {};
    const known = ACTION_FIELDS[type];
    for (const field of list<El>((element.extensionElements as El | undefined)?.values)) {
      if (field.$type !== 'flowable:Field') continue;
      const name = String(field.name ?? '').trim();
      const attribute = `${this.dialect('field')} "${name}"`;
      const expression = (field.expression as Text) ?? field.$attrs?.expression;
      const text = expression ?? (field.stringValue as Text) ?? (field.string as Text);
      if (!name || text === undefined) {
        this.problem(element, attribute, 'needs a name and a stringValue or an expression');
        continue;
      }
      if (type !== 'hook' && !known.required.includes(name) && !known.optional.includes(name)) {
        const names = [...known.required, ...known.optional].join(', ');
        this.problem(element, attribute, `the ${type} action reads no such field (${names})`);
        continue;
      }
      if (name in fields) this.problem(element, attribute, 'is given twice');
      if (expression !== undefined && !this.checkText(element, attribute, expression)) continue;
      fields[name] = { text: text.trim(), expression: expression !== undefined };
    }
    for (const name of known.required)
      if (!fields[name]?.text)
        this.problem(element, `${this.dialect('field')} "${name}"`, `the ${type} action needs it`);
    if (type === 'message' && !fields.to?.text && !fields.toRoles?.text)
      this.problem(element, `${this.dialect('field')} "to"`, 'a message needs its recipients (to or toRoles)');
    const resultVariable =
      this.attributeValue(element, 'resultVariable')?.trim() || fields.responseVariableName?.text || undefined;
    if (resultVariable && !isVariableName(resultVariable))
      this.problem(element, this.dialect('resultVariable'), `"${resultVariable}" is not a variable name`);
    return { type, fields, ...(resultVariable ? { resultVariable } : {}) };
  }

  /** A call activity's target, its binding and its `in` / `out` variables. */
  private callOf(element: El): CallSpec {
    const calledElement = ((element.calledElement as Text) ?? '').trim();
    if (!calledElement) this.problem(element, 'calledElement', 'names no process to call');
    else if (isExpression(calledElement)) this.checkText(element, 'calledElement', calledElement);
    else if (!ID.test(calledElement)) this.problem(element, 'calledElement', `"${calledElement}" is not a process key`);
    const binding = this.attributeValue(element, 'calledElementBinding')?.trim() || 'latest';
    if (binding !== 'latest' && binding !== 'deployment')
      this.problem(element, this.dialect('calledElementBinding'), `"${binding}" is not supported (latest, deployment)`);
    const type = this.attributeValue(element, 'calledElementType')?.trim();
    if (type && type !== 'key') this.problem(element, this.dialect('calledElementType'), `"${type}" is not supported`);
    const spec: CallSpec = {
      calledElement,
      binding: binding === 'deployment' ? 'deployment' : 'latest',
      ins: this.attributeValue(element, 'inheritVariables') === 'true' ? [{ all: true }] : [],
      outs: [],
    };
    for (const extension of list<El>((element.extensionElements as El | undefined)?.values)) {
      const direction = extension.$type === 'flowable:In' ? 'ins' : extension.$type === 'flowable:Out' ? 'outs' : '';
      if (!direction) continue;
      const attribute = this.dialect(direction === 'ins' ? 'in' : 'out');
      if (extension.variables === 'all') {
        spec[direction].push({ all: true });
        continue;
      }
      if (extension.businessKey !== undefined) continue;
      const source = (extension.source as Text)?.trim();
      const sourceExpression = (extension.sourceExpression as Text)?.trim();
      const target = (extension.target as Text)?.trim();
      if (!target || (!source && !sourceExpression)) {
        this.problem(element, attribute, 'needs a source (or sourceExpression) and a target');
        continue;
      }
      const badName = [target, source].find((name) => name !== undefined && !isVariableName(name));
      if (badName !== undefined) {
        this.problem(element, attribute, `"${badName}" is not a variable name`);
        continue;
      }
      if (sourceExpression && !this.checkText(element, `${attribute} sourceExpression`, sourceExpression)) continue;
      spec[direction].push({ ...(source ? { source } : { sourceExpression }), target });
    }
    return spec;
  }

  private loopOf(task: El, loop: El): LoopSpec {
    const body = (key: string) => ((loop[key] as El | undefined)?.body as Text)?.trim() || undefined;
    const inputRef = loop.loopDataInputRef as El | undefined;
    const spec: LoopSpec = { sequential: loop.isSequential === true };
    const dataInput = inputRef?.id ?? this.unresolved.get(loop)?.get('bpmn:loopDataInputRef');
    const values: Array<[Exclude<keyof LoopSpec, 'sequential'>, string, Text]> = [
      ['cardinality', 'loopCardinality', body('loopCardinality')],
      loop.collection || !dataInput
        ? ['collection', this.dialect('collection'), loop.collection as Text]
        : ['collection', 'loopDataInputRef', dataInput],
      ['elementVariable', this.dialect('elementVariable'), loop.elementVariable as Text],
      ['elementVariable', 'inputDataItem', (loop.inputDataItem as El | undefined)?.name as Text],
      ['elementIndexVariable', this.dialect('elementIndexVariable'), loop.elementIndexVariable as Text],
      ['completionCondition', 'completionCondition', body('completionCondition')],
    ];
    for (const [key, attribute, value] of values) {
      if (!value?.trim() || spec[key] !== undefined) continue;
      spec[key] = value.trim();
      this.checkText(task, attribute, value);
    }
    for (const key of ['elementVariable', 'elementIndexVariable'] as const) {
      const name = spec[key];
      if (name !== undefined && !isVariableName(name))
        this.problem(task, this.dialect(key), `"${name}" is not a variable name`);
    }
    if (spec.cardinality && /^\d+$/.test(spec.cardinality) && Number(spec.cardinality) > MAX_LOOP)
      this.problem(task, 'loopCardinality', tooManyInstances(Number(spec.cardinality)));
    if (!spec.cardinality && !spec.collection)
      this.problem(task, 'multiInstanceLoopCharacteristics', 'needs a loopCardinality or a collection');
    return spec;
  }

  private flowOf(element: El, id: string): SequenceFlow | undefined {
    const source = (element.sourceRef as El | undefined)?.id;
    const target = (element.targetRef as El | undefined)?.id;
    this.checkAttributes(element);
    this.checkExtensions(element);
    if (!source || !target) {
      this.problem(element, source ? 'targetRef' : 'sourceRef', 'connects nothing');
      return undefined;
    }
    const flow: SequenceFlow = { id, name: element.name ?? '', source, target };
    const condition = element.conditionExpression as El | undefined;
    const text = ((condition?.body as Text) ?? '').trim();
    if (condition && text) {
      const language = (condition.language as Text)?.trim();
      if (language && !/^juel$/i.test(language))
        this.problem(element, 'conditionExpression language', `"${language}" is not run here, write one \${…}`);
      else if (!isExpression(text))
        this.problem(element, 'conditionExpression', `"${text}" is not one \${…} expression`);
      else if (this.checkText(element, 'conditionExpression', text)) flow.condition = text;
    }
    return flow;
  }

  /** Dialect attributes this compiler does not read: refused unless known to change nothing. */
  private checkAttributes(element: El) {
    // A service task's code attributes are named by scriptOf.
    const read = element.$type === 'bpmn:ServiceTask' ? SERVICE_ATTRIBUTES : undefined;
    for (const name of Object.keys(element.$attrs ?? {})) {
      const local = /^flowable:(.+)$/.exec(name)?.[1];
      if (local && !HARMLESS.has(local) && !read?.has(local))
        this.problem(element, this.dialect(local), 'this attribute is not supported here');
    }
  }

  /** Listeners run code: refused with the attribute that says which. Form properties, fields, in/out: read later. */
  private checkExtensions(element: El) {
    const values = list<El>((element.extensionElements as El | undefined)?.values);
    for (const extension of values) {
      const listener = LISTENERS[extension.$type];
      if (!listener) continue;
      const [attribute, message] = LISTENER_RUNS.find(([key]) => extension[key] || extension.$attrs?.[key]) ?? [
        'event',
        'listeners are not run here',
      ];
      this.problem(element, `${this.dialect(listener)} ${attribute}`, message);
    }
  }

  // ---- forms: a start event's or a user task's declared fields ----

  /**
   * The fields of `flowable:formProperty` / `activiti:formProperty` and of `camunda:formData`'s `formField`s, each
   * with its type (string, long, double, boolean, date, enum), whether it is required, readable and writable, an
   * enum's items and a default. An unknown type, an enum without items, a field without id: problems naming them.
   */
  private formOf(element: El): FormField[] {
    const fields: FormField[] = [];
    const values = list<El>((element.extensionElements as El | undefined)?.values);
    const add = (what: string, read: Omit<FormField, 'type' | 'variable'> & { type?: string; variable?: string }) => {
      const at = `${this.dialect(what)} "${read.id}"`;
      if (!read.id || !isVariableName(read.id)) {
        this.problem(element, `${this.dialect(what)} id`, `"${read.id}" is not a field id (letters, digits, _)`);
        return;
      }
      const type = (read.type?.trim() || 'string') as FormFieldType;
      if (!FORM_FIELD_TYPES.includes(type)) {
        this.problem(element, `${at} type`, `"${read.type}" is not a form type (${FORM_FIELD_TYPES.join(', ')})`);
        return;
      }
      if (type === 'enum' && !read.options.length) this.problem(element, at, 'an enum needs its values');
      const variable = read.variable?.trim() || read.id;
      if (!isVariableName(variable)) this.problem(element, `${at} variable`, `"${variable}" is not a variable name`);
      if (fields.some((f) => f.variable === variable))
        this.problem(element, at, `the variable ${variable} is declared twice`);
      else fields.push({ ...read, type, variable });
    };
    const options = (owner: El) =>
      list<El>(owner.values).map((v) => ({ id: String(v.id ?? ''), name: String(v.name ?? v.id ?? '') }));
    for (const value of values) {
      if (value.$type === 'flowable:FormProperty') {
        const expression = /^\s*[$#]\{\s*([A-Za-z_]\w*)\s*\}\s*$/.exec(String(value.expression ?? ''))?.[1];
        add('formProperty', {
          id: String(value.id ?? ''),
          name: String(value.name ?? value.id ?? ''),
          type: value.type as Text,
          variable: (value.variable as Text) || expression,
          required: value.required === true,
          readable: value.readable !== false,
          writable: value.writable !== false,
          options: options(value),
          ...(typeof value.default === 'string' ? { defaultValue: value.default } : {}),
          ...(typeof value.datePattern === 'string' ? { datePattern: value.datePattern } : {}),
        });
      } else if (value.$type === 'flowable:FormData') {
        for (const field of list<El>(value.fields)) {
          const constraints = list<El>((field.validation as El | undefined)?.constraints).map((c) =>
            String(c.name ?? ''),
          );
          add('formField', {
            id: String(field.id ?? ''),
            name: String(field.label ?? field.id ?? ''),
            type: field.type as Text,
            required: constraints.includes('required'),
            readable: true,
            writable: !constraints.includes('readonly'),
            options: options(field),
            ...(typeof field.defaultValue === 'string' ? { defaultValue: field.defaultValue } : {}),
            ...(typeof field.datePattern === 'string' ? { datePattern: field.datePattern } : {}),
          });
        }
      }
    }
    return fields;
  }

  /** Every `${…}` / `#{…}` of a text parses: true, or a problem naming the element and attribute. */
  private checkText(element: El, attribute: string, text: Text): boolean {
    const problem = text ? checkText(text) : undefined;
    if (problem) this.problem(element, attribute, `expression ${problem}`);
    return !problem;
  }
}

const SERVICE_ATTRIBUTES = new Set(['class', 'delegateExpression', 'expression', 'type', 'topic']);
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const elementOf = (elements: El[], id: string) => elements.find((e) => e.id === id)!;
const firstLine = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0];

const isNoneStart = (element: El) =>
  element.$type === 'bpmn:StartEvent' && Boolean(element.id) && !list(element.eventDefinitions).length;
