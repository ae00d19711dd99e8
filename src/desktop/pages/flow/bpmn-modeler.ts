import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-codes.css';
import fontWoff from 'bpmn-js/dist/assets/bpmn-font/font/bpmn.woff?url';
import fontWoff2 from 'bpmn-js/dist/assets/bpmn-font/font/bpmn.woff2?url';
import { FLOWABLE_MODDLE, FLOWABLE_URI } from '../../../shared/flow/flowable-moddle.ts';
import {
  CHOICES,
  actionFieldsIn,
  withActionFields,
  type Editable,
  type ElementProps,
  type FormFieldProps,
  type ServiceActionProps,
} from './model-xml.ts';

/**
 * The model designer's editor (bpmn-js Modeler), loaded on demand like the viewer. It reads and writes the attributes
 * the server's engine uses (people, form key, due date, priority, timers, multi-instance, the called process, flow
 * conditions) in the model's own dialect; the screen's side panel edits them through `update`. The bpmn.io watermark
 * stays.
 */

/**
 * The palette's icon font, woff2 / woff only: bpmn.css would also emit its SVG font, an asset the service worker
 * precaches for every device (a phone must never download bpmn-js files).
 */
const FONT_CSS = `
@font-face { font-family: 'bpmn'; src: url('${fontWoff2}') format('woff2'), url('${fontWoff}') format('woff'); font-weight: normal; font-style: normal; }
[class^="bpmn-icon-"]:before, [class*=" bpmn-icon-"]:before {
  font-family: "bpmn"; font-style: normal; font-weight: normal; display: inline-block; width: 1em; text-align: center;
  font-variant: normal; text-transform: none; line-height: 1em; -webkit-font-smoothing: antialiased;
}`;

function installFont() {
  if (document.getElementById('tenon-bpmn-font')) return;
  const style = document.createElement('style');
  style.id = 'tenon-bpmn-font';
  style.textContent = FONT_CSS;
  document.head.append(style);
}

interface BusinessObject {
  $type: string;
  $attrs?: Record<string, string>;
  $parent?: BusinessObject;
  id: string;
  name?: string;
  conditionExpression?: { body?: string };
  documentation?: Array<{ text?: string }>;
  eventDefinitions?: BusinessObject[];
  loopCharacteristics?: BusinessObject;
  body?: string;
  extensionElements?: BusinessObject & { values?: BusinessObject[] };
  get(name: string): unknown;
  set(name: string, value: unknown): void;
}
interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
}
interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, target: BusinessObject, properties: Record<string, unknown>): void;
}
interface Moddle {
  create(type: string, attrs: Record<string, unknown>): unknown;
}
interface CanvasLike {
  getRootElement(): DiagramElement;
  zoom(level: 'fit-viewport', center?: 'auto'): number;
}
interface RegistryLike {
  get(id: string): DiagramElement | undefined;
}
interface EventBusLike {
  on<E>(event: string, callback: (event: E) => void): void;
}

export interface Designer {
  /** the selected element, or the process when nothing (or several) is selected */
  current(): ElementProps;
  onChange(listener: (element: ElementProps) => void): void;
  update(id: string, key: Editable, value: string): void;
  /** Writes a start event's or user task's form fields (`flowable:formProperty`), its other extensions kept. */
  setFormFields(id: string, fields: FormFieldProps[]): void;
  /** Writes a service task's action (`flowable:type`, its fields, its result variable), its other extensions kept. */
  setAction(id: string, action: ServiceActionProps): void;
  /** The XML to save: a single process takes the model's key as id and its name; a pooled model keeps its ids. */
  save(process: { key: string; name: string }): Promise<string>;
  destroy(): void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const DIALECT_URIS = [FLOWABLE_URI, 'http://camunda.org/schema/1.0/bpmn', 'http://activiti.org/bpmn'];
const TIMERS = CHOICES.timerType!;
const PEOPLE: Editable[] = ['assignee', 'candidateUsers', 'candidateGroups', 'formKey', 'dueDate', 'priority'];
const LOOP: Editable[] = ['multiInstance', 'collection', 'elementVariable', 'cardinality', 'completionCondition'];
const ACTIVITIES =
  /^bpmn:(Task|UserTask|ManualTask|ReceiveTask|SendTask|ServiceTask|ScriptTask|BusinessRuleTask|SubProcess|CallActivity)$/;

/**
 * The dialect attributes of a model: read under any of its dialects' prefixes (`flowable:` through the descriptor,
 * `camunda:` / `activiti:` as the attributes the parser kept), written under the model's own prefix.
 */
function dialectOf(definitions: BusinessObject | undefined) {
  const declared = Object.entries(definitions?.$attrs ?? {}).flatMap(([name, uri]) => {
    const prefix = /^xmlns:(.+)$/.exec(name)?.[1];
    return prefix && DIALECT_URIS.includes(uri) ? [prefix] : [];
  });
  const prefixes = ['flowable', ...declared.filter((p) => p !== 'flowable')];
  const flowable = Object.entries(definitions?.$attrs ?? {}).some(
    ([n, uri]) => n.startsWith('xmlns:') && uri === FLOWABLE_URI,
  );
  const own = flowable || !declared.length ? 'flowable' : declared[0];
  return {
    own,
    read: (bo: BusinessObject, local: string) => prefixes.map((p) => text(bo.get(`${p}:${local}`))).find(Boolean) ?? '',
    /** Written under the model's prefix; the same attribute under another dialect's removed. */
    write: (local: string, value: string | undefined) =>
      Object.fromEntries(prefixes.map((p) => [`${p}:${local}`, p === own ? value : undefined])),
  };
}
type Dialect = ReturnType<typeof dialectOf>;

function timerOf(bo: BusinessObject): BusinessObject | undefined {
  return bo.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');
}

const FORM_PROPERTY = 'flowable:FormProperty';
/** What a form field keeps of its XML when the panel rewrites it: what the panel does not edit (an enum's options). */
const KEPT_FORM_ATTRIBUTES = ['values', 'default', 'datePattern', 'readable', 'writable', 'variable', 'expression'];

const formPropertiesOf = (bo: BusinessObject) =>
  (bo.extensionElements?.values ?? []).filter((value) => value.$type === FORM_PROPERTY);

/**
 * The form fields the panel edits: a start event's and a user task's, in a Flowable model (a Camunda model's
 * `camunda:formData` is kept as written).
 */
function formFieldsOf(bo: BusinessObject, dialect: Dialect): FormFieldProps[] | undefined {
  if (dialect.own !== 'flowable' || !/^bpmn:(StartEvent|UserTask)$/.test(bo.$type)) return undefined;
  return formPropertiesOf(bo).map((property) => ({
    id: text(property.get('id')),
    name: text(property.get('name')),
    type: text(property.get('type')) || 'string',
    required: property.get('required') === true,
  }));
}

/** A service task's platform action, in a Flowable model (where `flowable:field` is read). */
function actionOf(bo: BusinessObject, dialect: Dialect): ServiceActionProps | undefined {
  if (dialect.own !== 'flowable' || bo.$type !== 'bpmn:ServiceTask') return undefined;
  const type = dialect.read(bo, 'type');
  return {
    type,
    fields: actionFieldsIn(bo.extensionElements?.values ?? [], type),
    resultVariable: dialect.read(bo, 'resultVariable'),
  };
}

function propsOf(element: DiagramElement, dialect: Dialect): ElementProps {
  const bo = element.businessObject;
  const kind =
    bo.$type === 'bpmn:Process' ? 'process' : bo.$type === 'bpmn:Collaboration' ? 'collaboration' : 'element';
  const values: ElementProps['values'] = { name: text(bo.name) };
  const fields: Editable[] = kind === 'element' ? ['name'] : [];
  if (kind === 'process') {
    fields.push('documentation');
    values.documentation = text(bo.documentation?.[0]?.text);
  }
  if (bo.$type === 'bpmn:SequenceFlow') {
    fields.push('condition');
    values.condition = text(bo.conditionExpression?.body);
  }
  if (bo.$type === 'bpmn:UserTask') fields.push(...PEOPLE);
  if (bo.$type === 'bpmn:StartEvent') fields.push('formKey');
  for (const field of PEOPLE) values[field] = dialect.read(bo, field);
  const timer = timerOf(bo);
  if (timer) {
    fields.push('timerType', 'timerValue');
    const type = TIMERS.find((t) => timer.get(t)) ?? 'timeDuration';
    values.timerType = type;
    values.timerValue = text((timer.get(type) as BusinessObject | undefined)?.body);
  }
  if (bo.$type === 'bpmn:CallActivity') {
    fields.push('calledElement');
    values.calledElement = text(bo.get('calledElement'));
  }
  if (ACTIVITIES.test(bo.$type)) {
    const loop = bo.loopCharacteristics;
    const multi = loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics' ? loop : undefined;
    fields.push(...(multi ? LOOP : LOOP.slice(0, 1)));
    values.multiInstance = multi ? (multi.get('isSequential') ? 'sequential' : 'parallel') : '';
    if (multi) {
      values.collection = dialect.read(multi, 'collection');
      values.elementVariable = dialect.read(multi, 'elementVariable');
      values.cardinality = text((multi.get('loopCardinality') as BusinessObject | undefined)?.body);
      values.completionCondition = text((multi.get('completionCondition') as BusinessObject | undefined)?.body);
    }
  }
  return {
    id: bo.id,
    type: bo.$type.replace(/^bpmn:/, ''),
    kind,
    fields,
    values,
    formFields: formFieldsOf(bo, dialect),
    action: actionOf(bo, dialect),
    async: ACTIVITIES.test(bo.$type) ? dialect.read(bo, 'async') === 'true' : undefined,
  };
}

export async function createDesigner(container: HTMLElement, xml: string): Promise<Designer> {
  installFont();
  const modeler = new Modeler({ container, moddleExtensions: { flowable: FLOWABLE_MODDLE } });
  try {
    await modeler.importXML(xml);
  } catch (error) {
    modeler.destroy();
    throw error;
  }
  const canvas = modeler.get<CanvasLike>('canvas');
  const registry = modeler.get<RegistryLike>('elementRegistry');
  const modeling = modeler.get<Modeling>('modeling');
  const moddle = modeler.get<Moddle>('moddle');
  const events = modeler.get<EventBusLike>('eventBus');
  canvas.zoom('fit-viewport', 'auto');
  const dialect = dialectOf(canvas.getRootElement().businessObject.$parent);
  /** Writes an element's extension elements (none left: the container goes too). */
  const writeExtensions = (element: DiagramElement, values: unknown[]) => {
    const bo = element.businessObject;
    if (bo.extensionElements && values.length)
      modeling.updateModdleProperties(element, bo.extensionElements, { values });
    else
      modeling.updateProperties(element, {
        extensionElements: values.length ? moddle.create('bpmn:ExtensionElements', { values }) : undefined,
      });
  };
  const expression = (body: string) => (body ? moddle.create('bpmn:FormalExpression', { body }) : undefined);

  let selected: DiagramElement | undefined;
  const listeners: Array<(element: ElementProps) => void> = [];
  const current = () => propsOf(selected && registry.get(selected.id) ? selected : canvas.getRootElement(), dialect);
  const emit = () => {
    const props = current();
    for (const listener of listeners) listener(props);
  };
  events.on<{ newSelection: DiagramElement[] }>('selection.changed', ({ newSelection }) => {
    selected = newSelection.length === 1 ? newSelection[0] : undefined;
    emit();
  });
  events.on<{ element: DiagramElement }>('element.changed', ({ element }) => {
    if (element === (selected ?? canvas.getRootElement())) emit();
  });

  return {
    current,
    onChange: (listener) => {
      listeners.push(listener);
    },
    update(id, key, value) {
      const element = registry.get(id) ?? (canvas.getRootElement().id === id ? canvas.getRootElement() : undefined);
      if (!element) return;
      const bo = element.businessObject;
      const trimmed = value.trim();
      const loop = bo.loopCharacteristics;
      const timer = timerOf(bo);
      if (key === 'name') modeling.updateProperties(element, { name: value || undefined });
      else if (key === 'condition') modeling.updateProperties(element, { conditionExpression: expression(trimmed) });
      else if (key === 'documentation') {
        modeling.updateProperties(element, {
          documentation: trimmed ? [moddle.create('bpmn:Documentation', { text: value })] : [],
        });
      } else if (key === 'calledElement') modeling.updateProperties(element, { calledElement: trimmed || undefined });
      else if ((key === 'timerType' || key === 'timerValue') && timer) {
        const type = key === 'timerType' ? trimmed : (TIMERS.find((t) => timer.get(t)) ?? 'timeDuration');
        const body =
          key === 'timerValue'
            ? trimmed
            : text((timer.get(TIMERS.find((t) => timer.get(t)) ?? '') as BusinessObject | undefined)?.body);
        const cleared = Object.fromEntries(TIMERS.map((t) => [t, undefined]));
        modeling.updateModdleProperties(element, timer, {
          ...cleared,
          [type]: moddle.create('bpmn:FormalExpression', { body }),
        });
      } else if (key === 'multiInstance') {
        if (!trimmed) modeling.updateProperties(element, { loopCharacteristics: undefined });
        else if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics')
          modeling.updateModdleProperties(element, loop, { isSequential: trimmed === 'sequential' });
        else {
          const created = moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
            isSequential: trimmed === 'sequential',
          });
          modeling.updateProperties(element, { loopCharacteristics: created });
        }
      } else if (key === 'cardinality' || key === 'completionCondition') {
        if (loop)
          modeling.updateModdleProperties(element, loop, {
            [key === 'cardinality' ? 'loopCardinality' : key]: expression(trimmed),
          });
      } else if (key === 'collection' || key === 'elementVariable') {
        if (loop) modeling.updateModdleProperties(element, loop, dialect.write(key, trimmed || undefined));
      } else modeling.updateProperties(element, dialect.write(key, trimmed || undefined));
    },
    setFormFields(id, fields) {
      const element = registry.get(id);
      if (!element) return;
      const bo = element.businessObject;
      const old = formPropertiesOf(bo);
      const properties = fields
        .filter((field) => field.id.trim())
        .map((field) => {
          const before = old.find((property) => property.get('id') === field.id.trim());
          const kept = Object.fromEntries(KEPT_FORM_ATTRIBUTES.map((name) => [name, before?.get(name)]));
          return moddle.create(FORM_PROPERTY, {
            ...Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined)),
            id: field.id.trim(),
            name: field.name.trim() || undefined,
            type: field.type,
            required: field.required || undefined,
          });
        });
      const others = (bo.extensionElements?.values ?? []).filter((value) => value.$type !== FORM_PROPERTY);
      writeExtensions(element, [...others, ...properties]);
    },
    setAction(id, action) {
      const element = registry.get(id);
      if (!element) return;
      modeling.updateProperties(element, {
        ...dialect.write('type', action.type || undefined),
        ...dialect.write('resultVariable', action.resultVariable.trim() || undefined),
      });
      const values = element.businessObject.extensionElements?.values ?? [];
      writeExtensions(
        element,
        withActionFields(values, action, (attributes) => moddle.create('flowable:Field', attributes) as BusinessObject),
      );
    },
    async save({ key, name }) {
      const root = canvas.getRootElement().businessObject;
      // A pooled model (a collaboration) keeps its collaboration and its processes as drawn: messages, lanes and
      // participants name them. A single process is the model: it takes the model's key and name.
      if (root.$type === 'bpmn:Process') {
        // Set on the model itself (not as a command): the engine keys definitions by the process id.
        root.set('id', key);
        root.set('name', name);
        root.set('isExecutable', true);
      }
      const result = await modeler.saveXML({ format: true });
      return result.xml ?? '';
    },
    destroy: () => modeler.destroy(),
  };
}
