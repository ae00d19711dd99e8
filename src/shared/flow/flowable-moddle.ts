/**
 * The Flowable attributes and extension elements read from a BPMN model (bpmn-moddle keeps unknown attributes out of
 * what it parses, and calls an unknown element of this namespace "unparsable content"): one descriptor shared by the
 * server (bpmn-model.ts, compile-model.ts) and the desktop designer (bpmn-modeler.ts). Camunda and Activiti models
 * are read with it too: their namespaces are mapped to Flowable's before parsing.
 */

export const FLOWABLE_URI = 'http://flowable.org/bpmn';

const attributes = (names: string[], type = 'String') => names.map((name) => ({ name, isAttr: true, type }));

/** `taskListener` and `executionListener`: what runs on an event of a task or an activity. */
const LISTENER_PROPERTIES = [
  ...attributes(['event', 'class', 'expression', 'delegateExpression']),
  { name: 'fields', type: 'Field', isMany: true },
  { name: 'script', type: 'Script' },
];

export const FLOWABLE_MODDLE = {
  name: 'Flowable',
  uri: FLOWABLE_URI,
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  types: [
    {
      name: 'Assignable',
      isAbstract: true,
      extends: ['bpmn:UserTask'],
      properties: attributes([
        'assignee',
        'candidateUsers',
        'candidateGroups',
        'formKey',
        'dueDate',
        'priority',
        'skipExpression',
      ]),
    },
    {
      name: 'Initiator',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: attributes(['initiator', 'formKey']),
    },
    {
      name: 'Collection',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: attributes(['collection', 'elementVariable', 'elementIndexVariable']),
    },
    { name: 'TaskListener', superClass: ['Element'], properties: LISTENER_PROPERTIES },
    { name: 'ExecutionListener', superClass: ['Element'], properties: LISTENER_PROPERTIES },
    {
      /** A value injected into a listener's or a service's Java class: `stringValue` / `<string>` / `<expression>`. */
      name: 'Field',
      superClass: ['Element'],
      properties: [
        ...attributes(['name', 'stringValue']),
        { name: 'string', type: 'String' },
        { name: 'expression', type: 'String' },
      ],
    },
    {
      name: 'Script',
      superClass: ['Element'],
      properties: [...attributes(['scriptFormat', 'resource']), { name: 'value', type: 'String', isBody: true }],
    },
    {
      /** A start or task form's field (Flowable's form properties). */
      name: 'FormProperty',
      superClass: ['Element'],
      properties: [
        ...attributes(['id', 'name', 'type', 'variable', 'expression', 'default', 'datePattern']),
        ...attributes(['required', 'readable', 'writable'], 'Boolean'),
        { name: 'values', type: 'Value', isMany: true },
      ],
    },
    { name: 'Value', superClass: ['Element'], properties: attributes(['id', 'name']) },
    /** Camunda's start or task form (`camunda:formData`): its fields, each with its validation constraints. */
    { name: 'FormData', superClass: ['Element'], properties: [{ name: 'fields', type: 'FormField', isMany: true }] },
    {
      name: 'FormField',
      superClass: ['Element'],
      properties: [
        ...attributes(['id', 'label', 'type', 'defaultValue', 'datePattern']),
        { name: 'validation', type: 'Validation' },
        { name: 'values', type: 'Value', isMany: true },
        { name: 'properties', type: 'Properties' },
      ],
    },
    {
      name: 'Validation',
      superClass: ['Element'],
      properties: [{ name: 'constraints', type: 'Constraint', isMany: true }],
    },
    { name: 'Constraint', superClass: ['Element'], properties: attributes(['name', 'config']) },
    /** A call activity's variables passed to the called process (`in`) and back (`out`). */
    {
      name: 'In',
      superClass: ['Element'],
      properties: attributes(['source', 'sourceExpression', 'target', 'variables', 'businessKey']),
    },
    {
      name: 'Out',
      superClass: ['Element'],
      properties: attributes(['source', 'sourceExpression', 'target', 'variables']),
    },
    { name: 'Properties', superClass: ['Element'], properties: [{ name: 'values', type: 'Property', isMany: true }] },
    { name: 'Property', superClass: ['Element'], properties: attributes(['id', 'name', 'value']) },
  ],
};
