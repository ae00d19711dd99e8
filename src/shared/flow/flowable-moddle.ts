/**
 * The Flowable attributes read from a BPMN model (bpmn-moddle keeps unknown attributes out of what it parses):
 * one descriptor shared by the server's engine (bpmn-model.ts) and the desktop designer (bpmn-modeler.ts).
 */

export const FLOWABLE_URI = 'http://flowable.org/bpmn';

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
      properties: ['assignee', 'candidateUsers', 'candidateGroups', 'formKey'].map((name) => ({
        name,
        isAttr: true,
        type: 'String',
      })),
    },
    {
      name: 'Initiator',
      isAbstract: true,
      extends: ['bpmn:StartEvent'],
      properties: [{ name: 'initiator', isAttr: true, type: 'String' }],
    },
    {
      name: 'Collection',
      isAbstract: true,
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: ['collection', 'elementVariable'].map((name) => ({ name, isAttr: true, type: 'String' })),
    },
  ],
};
