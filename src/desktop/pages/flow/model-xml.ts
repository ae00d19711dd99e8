import {
  ACTION_FIELDS as SHARED_ACTION_FIELDS,
  ACTION_TYPES as SHARED_ACTION_TYPES,
  COPY_HOOK_FIELDS,
  type ActionType,
} from '../../../shared/flow/service-actions.ts';
/** What the designer's side panel edits, kept apart from bpmn-js so the page's chunk stays without it. */

/** What the panel shows of the root: a process (its id becomes the model key) or a pool diagram's collaboration. */
export type ElementKind = 'process' | 'collaboration' | 'element';

/**
 * The attributes an approval model uses, as the panel edits them: Flowable / Camunda / Activiti attributes are read
 * whatever the model's prefix and written with it (`flowable:` when it has none).
 */
export type Editable =
  | 'name'
  | 'documentation'
  | 'condition'
  | 'assignee'
  | 'candidateUsers'
  | 'candidateGroups'
  | 'formKey'
  | 'dueDate'
  | 'priority'
  | 'timerType'
  | 'timerValue'
  | 'calledElement'
  | 'multiInstance'
  | 'collection'
  | 'elementVariable'
  | 'cardinality'
  | 'completionCondition'
  | 'async';

/** Fields chosen from a list, with their values (`''`: none). */
export const CHOICES: Partial<Record<Editable, readonly string[]>> = {
  timerType: ['timeDuration', 'timeDate', 'timeCycle'],
  multiInstance: ['', 'parallel', 'sequential'],
};

/** A field of a start or task form (`flowable:formProperty`), as the panel edits it. */
export interface FormFieldProps {
  id: string;
  name: string;
  type: string;
  required: boolean;
}

/** The types a form field is given in the panel (an enum's options are written in the XML). */
export const FORM_FIELD_TYPES = ['string', 'long', 'double', 'boolean', 'date'] as const;

/** A service task's platform action (`flowable:type`); `''`: none (a class, an expression or nothing runs). */
export type { ActionType };
export const ACTION_TYPES = ['', ...SHARED_ACTION_TYPES] as const;

/** The `flowable:field`s each action reads; a hook's are its own: the panel offers the flow module's `flow.copy`'s. */
export const ACTION_FIELDS: Record<ActionType, { required: string[]; optional: string[] }> = {
  ...SHARED_ACTION_FIELDS,
  hook: { required: ['hook'], optional: COPY_HOOK_FIELDS },
};
/** Every field name an action reads: what a change of the action type may remove. */
export const ACTION_FIELD_NAMES = new Set(
  Object.values(ACTION_FIELDS).flatMap(({ required, optional }) => [...required, ...optional]),
);

/** The fields an action type reads, in the panel's order. */
export const actionFieldsOf = (type: string) =>
  type in ACTION_FIELDS
    ? [...ACTION_FIELDS[type as ActionType].required, ...ACTION_FIELDS[type as ActionType].optional]
    : [];

/** A service task's action as the panel edits it: a field's value with `${` is written as an expression. */
export interface ServiceActionProps {
  type: string;
  fields: Record<string, string>;
  resultVariable: string;
}

/** A moddle element as the action's writer sees it (a `flowable:field` or any other extension). */
export interface ExtensionValue {
  $type: string;
  get(name: string): unknown;
}
const FIELD = 'flowable:Field';

/** The action fields of a service task's extensions: a field's expression, else its text. */
export function actionFieldsIn(values: ExtensionValue[], type: string): Record<string, string> {
  const read = new Set(actionFieldsOf(type));
  const fields: Record<string, string> = {};
  for (const value of values) {
    const name = value.$type === FIELD ? String(value.get('name') ?? '') : '';
    if (!read.has(name)) continue;
    const text = [value.get('expression'), value.get('stringValue'), value.get('string')].find(
      (part) => typeof part === 'string',
    );
    fields[name] = String(text ?? '');
  }
  return fields;
}

/**
 * A service task's extensions once its action is written: the others (listeners, fields no action reads) kept in
 * place, every action field replaced by the fields the action's type reads that have a value (a field the type does
 * not read goes with a change of type).
 */
export function withActionFields<T extends ExtensionValue>(
  values: T[],
  action: ServiceActionProps,
  createField: (attributes: Record<string, string>) => T,
): T[] {
  const others = values.filter((value) => value.$type !== FIELD || !ACTION_FIELD_NAMES.has(String(value.get('name'))));
  const fields = actionFieldsOf(action.type).flatMap((name) => {
    const text = action.fields[name]?.trim();
    if (!text) return [];
    return [createField(text.includes('${') ? { name, expression: text } : { name, stringValue: text })];
  });
  return [...others, ...fields];
}

export interface ElementProps {
  id: string;
  /** BPMN type without the prefix (UserTask, SequenceFlow ...) */
  type: string;
  kind: ElementKind;
  /** The fields the panel shows for this element, in order. */
  fields: Editable[];
  values: Partial<Record<Editable, string>>;
  /** A start event's or user task's form fields; undefined where the panel does not edit them. */
  formFields?: FormFieldProps[];
  /** A service task's action; undefined where the panel does not edit it. */
  action?: ServiceActionProps;
  /** A task's `flowable:async` (its work continues in the background); undefined for what is not a task. */
  async?: boolean;
}

/** The model key is the process id the engine deploys under (the server's rule). */
export const MODEL_KEY_PATTERN = /^[A-Za-z_][\w.-]{0,63}$/;

/** A new model: start -> one approval by the applicant's chosen approver (`${taskUser}`) -> end. */
export const NEW_MODEL_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
             xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
             xmlns:flowable="http://flowable.org/bpmn"
             xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
             xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
             xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
             id="definitions" targetNamespace="http://www.flowable.org/processdef">
  <process id="process" name="" isExecutable="true">
    <startEvent id="start" name="开始"/>
    <userTask id="approval" name="审批" flowable:assignee="\${taskUser}"/>
    <endEvent id="end" name="结束"/>
    <sequenceFlow id="toApproval" sourceRef="start" targetRef="approval"/>
    <sequenceFlow id="toEnd" sourceRef="approval" targetRef="end"/>
  </process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="process">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="150" y="102" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approval_di" bpmnElement="approval"><dc:Bounds x="240" y="80" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="400" y="102" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toApproval_di" bpmnElement="toApproval"><di:waypoint x="186" y="120"/><di:waypoint x="240" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="340" y="120"/><di:waypoint x="400" y="120"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
