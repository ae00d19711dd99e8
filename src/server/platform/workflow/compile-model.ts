import { Engine } from 'bpmn-engine';
import { checkText, isExpression } from './expression.ts';
import type { ElementKind, FlowNode, FormField, LoopSpec, ProcessGraph, SequenceFlow, UserTaskSpec } from './graph.ts';
import { FORM_FIELD_TYPES, type FormFieldType } from '../../../shared/flow/form-fields.ts';
import {
  CODE_RUNS,
  DRAWN,
  HARMLESS,
  LISTENERS,
  LISTENER_RUNS,
  NODE_KINDS,
  splitList,
  type El,
  type Text,
} from './model-elements.ts';
import { DIALECT_URIS, MODDLE_OPTIONS, ModelError, parserSource } from './model-source.ts';

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
/** A process variable's name (flow-runtime.ts checkVariables). */
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Reads a model once; the graph is cached per definition by its caller. */
export async function compileModel(xml: string): Promise<{ graph: ProcessGraph; warnings: string[] }> {
  if (!xml || !xml.trim()) throw new ModelError('empty file');
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
    const process = this.executableProcess(list<El>(definitions?.rootElements));
    if (!process) throw new ModelError(this.problems.join('\n'));
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
      if (kind === 'subProcess' && element.triggeredByEvent) {
        this.problem(element, 'triggeredByEvent', 'event sub-processes are not supported yet');
        continue;
      }
      const node = { ...this.nodeOf(element, kind, flowIds), scope: scopes.get(element) ?? '' };
      if (kind === 'subProcess') node.start = this.startOf(element, elements, scopes, element.id);
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
    }
    const starts = elements.filter((e) => scopes.get(e) === '' && isNoneStart(e));
    if (starts.length !== 1)
      this.problem(process, undefined, `needs one start event without an event definition, found ${starts.length}`);
    return {
      key: process.id!,
      name: process.name ?? process.id!,
      description: list<{ text?: string }>(process.documentation)
        .map((d) => d.text ?? '')
        .join('\n')
        .trim(),
      nodes,
      flows,
      start: starts[0]?.id ?? '',
      ...(typeof starts[0]?.initiator === 'string' && starts[0].initiator ? { initiator: starts[0].initiator } : {}),
      ...(typeof starts[0]?.formKey === 'string' && starts[0].formKey.trim()
        ? { startFormKey: starts[0].formKey.trim() }
        : {}),
    };
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
      this.problem(element, property.replace(/^bpmn:/, ''), `refers to nothing: "${value}"`);
    for (const definition of list<El>(element.eventDefinitions)) {
      if (kind === 'endEvent' && definition.$type === 'bpmn:TerminateEventDefinition') node.terminate = true;
      else this.problem(element, lowerFirst(definition.$type.replace(/^bpmn:/, '')), 'not supported yet');
    }
    if (kind === 'receiveTask' && (element.messageRef || this.unresolved.get(element)?.has('bpmn:messageRef')))
      this.problem(element, 'messageRef', 'messages are not supported yet');
    if (kind === 'userTask') node.userTask = this.userTaskOf(element);
    if (kind === 'userTask' || kind === 'startEvent') {
      const form = this.formOf(element);
      if (form.length) node.form = form;
    }
    const loop = element.loopCharacteristics as El | undefined;
    if (loop) {
      if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics')
        this.problem(element, 'standardLoopCharacteristics', 'loops are not supported yet, use multi-instance');
      else if (kind !== 'userTask')
        this.problem(element, 'multiInstanceLoopCharacteristics', 'only user tasks may be multi-instance for now');
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
    for (const name of Object.keys(element.$attrs ?? {})) {
      const local = /^flowable:(.+)$/.exec(name)?.[1];
      if (local && !HARMLESS.has(local))
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
      if (!read.id || !VARIABLE.test(read.id)) {
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
      if (!VARIABLE.test(variable)) this.problem(element, `${at} variable`, `"${variable}" is not a variable name`);
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

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const elementOf = (elements: El[], id: string) => elements.find((e) => e.id === id)!;
const firstLine = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0];

const isNoneStart = (element: El) =>
  element.$type === 'bpmn:StartEvent' && Boolean(element.id) && !list(element.eventDefinitions).length;
