import { describe, expect, it } from 'vitest';
import type {
  ElementKind,
  FlowNode,
  LoopSpec,
  ProcessGraph,
  SequenceFlow,
} from '../../src/server/platform/workflow/graph.ts';
import { completeTask, startInstance } from '../../src/server/platform/workflow/interpreter.ts';
import type { StepResult } from '../../src/server/platform/workflow/step-result.ts';

/**
 * The interpreter's semantics on graphs written here (no parser): the joins Flowable makes, the multi-instance
 * counters, the end of an instance. The HTTP tests (flow.*.test.ts) and the public corpus run it through the server.
 */

type NodeSpec = [id: string, kind: ElementKind, extra?: Partial<FlowNode>];
type FlowSpec = [source: string, target: string, condition?: string];

function graph(nodes: NodeSpec[], flows: FlowSpec[]): ProcessGraph {
  const flowMap = new Map<string, SequenceFlow>();
  const nodeMap = new Map<string, FlowNode>();
  for (const [id, kind, extra] of nodes)
    nodeMap.set(id, {
      id,
      kind,
      name: id,
      scope: '',
      incoming: [],
      outgoing: [],
      ...(kind === 'userTask' ? { userTask: { assignee: 'kermit', candidateUsers: [], candidateGroups: [] } } : {}),
      ...extra,
    });
  flows.forEach(([source, target, condition], i) => {
    const id = `f${i + 1}`;
    flowMap.set(id, { id, name: '', source, target, condition });
    nodeMap.get(source)!.outgoing.push(id);
    nodeMap.get(target)!.incoming.push(id);
  });
  return { key: 'p', name: 'p', description: '', nodes: nodeMap, flows: flowMap, start: 'start', eventStarts: [] };
}

const open = (result: StepResult) => result.waiting.map((task) => task.elementId).sort();
const taskAt = (result: StepResult, element: string) => result.waiting.find((task) => task.elementId === element)!;
const complete = (g: ProcessGraph, result: StepResult, element: string, vars = {}, pass = true) =>
  completeTask(g, result.state, taskAt(result, element).executionId, { pass }, vars);

describe('the interpreter', () => {
  it('joins a parallel gateway once every incoming branch arrived', () => {
    const g = graph(
      [
        ['start', 'startEvent'],
        ['fork', 'parallelGateway'],
        ['a', 'userTask'],
        ['b', 'userTask'],
        ['join', 'parallelGateway'],
        ['after', 'userTask'],
        ['end', 'endEvent'],
      ],
      [
        ['start', 'fork'],
        ['fork', 'a'],
        ['fork', 'b'],
        ['a', 'join'],
        ['b', 'join'],
        ['join', 'after'],
        ['after', 'end'],
      ],
    );
    const started = startInstance(g, {});
    expect(open(started)).toEqual(['a', 'b']);
    const one = complete(g, started, 'a');
    expect(open(one)).toEqual(['b']);
    const both = complete(g, one, 'b');
    expect(open(both)).toEqual(['after']);
    const done = complete(g, both, 'after');
    expect(done).toMatchObject({ finished: true, state: '', waiting: [] });
  });

  it('joins an inclusive gateway on the branches taken only, waiting for each one that can still arrive', () => {
    const g = graph(
      [
        ['start', 'startEvent'],
        ['split', 'inclusiveGateway'],
        ['a', 'userTask'],
        ['b', 'userTask'],
        ['c', 'userTask'],
        ['join', 'inclusiveGateway'],
        ['after', 'userTask'],
        ['end', 'endEvent'],
      ],
      [
        ['start', 'split'],
        ['split', 'a', '${x >= 1}'],
        ['split', 'b', '${x >= 2}'],
        ['split', 'c', '${x >= 3}'],
        ['a', 'join'],
        ['b', 'join'],
        ['c', 'join'],
        ['join', 'after'],
        ['after', 'end'],
      ],
    );
    const two = startInstance(g, { x: 2 });
    expect(open(two)).toEqual(['a', 'b']);
    const first = complete(g, two, 'b', { x: 2 });
    expect(open(first)).toEqual(['a']);
    expect(open(complete(g, first, 'a', { x: 2 }))).toEqual(['after']);
    // One branch taken: the join passes its token at once.
    expect(open(complete(g, startInstance(g, { x: 1 }), 'a', { x: 1 }))).toEqual(['after']);
  });

  it('passes every token through an exclusive gateway used as a merge', () => {
    const g = graph(
      [
        ['start', 'startEvent'],
        ['fork', 'parallelGateway'],
        ['a', 'task'],
        ['b', 'task'],
        ['c', 'task'],
        ['merge', 'exclusiveGateway'],
        ['after', 'userTask'],
      ],
      [
        ['start', 'fork'],
        ['fork', 'a'],
        ['fork', 'b'],
        ['fork', 'c'],
        ['a', 'merge'],
        ['b', 'merge'],
        ['c', 'merge'],
        ['merge', 'after'],
      ],
    );
    expect(open(startInstance(g, {}))).toEqual(['after', 'after', 'after']);
  });

  it('takes the first exclusive flow whose condition holds, else the default, else refuses the step', () => {
    const g = graph(
      [
        ['start', 'startEvent'],
        ['gw', 'exclusiveGateway', { defaultFlow: 'f4' }],
        ['low', 'userTask'],
        ['high', 'userTask'],
        ['other', 'userTask'],
      ],
      [
        ['start', 'gw'],
        ['gw', 'low', '${amount < 100}'],
        ['gw', 'high', '${amount >= 100 && amount < 1000}'],
        ['gw', 'other'],
      ],
    );
    expect(open(startInstance(g, { amount: 5 }))).toEqual(['low']);
    expect(open(startInstance(g, { amount: 500 }))).toEqual(['high']);
    expect(open(startInstance(g, { amount: 5000 }))).toEqual(['other']);
    const noDefault = graph(
      [
        ['start', 'startEvent'],
        ['gw', 'exclusiveGateway'],
        ['low', 'userTask'],
      ],
      [
        ['start', 'gw'],
        ['gw', 'low', '${amount < 100}'],
      ],
    );
    expect(() => startInstance(noDefault, { amount: 500 })).toThrow(/gw: no outgoing sequence flow can be taken/);
    expect(() => startInstance(noDefault, {})).toThrow(/unknown variable "amount"/);
  });

  it('runs a parallel multi-instance task per item with loopCounter, and ends it on its completion condition', () => {
    const loop: LoopSpec = {
      sequential: false,
      collection: '${signers}',
      elementVariable: 'signer',
      completionCondition: '${nrOfApproved >= 2}',
    };
    const g = graph(
      [
        ['start', 'startEvent'],
        ['sign', 'userTask', { loop, userTask: { assignee: '${signer}', candidateUsers: [], candidateGroups: [] } }],
        ['after', 'userTask'],
      ],
      [
        ['start', 'sign'],
        ['sign', 'after'],
      ],
    );
    const vars = { signers: ['1', '2', '3'] };
    const started = startInstance(g, vars);
    expect(started.waiting.map((task) => task.assignee)).toEqual(['taskUser_1', 'taskUser_2', 'taskUser_3']);
    const [first, second] = started.waiting;
    const once = completeTask(g, started.state, first.executionId, { pass: true }, vars);
    expect(open(once)).toEqual(['sign', 'sign']);
    const twice = completeTask(g, once.state, second.executionId, { pass: true }, vars);
    // Two approvals decide: the third iteration is withdrawn with the loop.
    expect(open(twice)).toEqual(['after']);
  });

  it('runs a sequential multi-instance task one iteration after another, by cardinality', () => {
    const loop: LoopSpec = { sequential: true, cardinality: '${3}' };
    const g = graph(
      [
        ['start', 'startEvent'],
        ['step', 'userTask', { loop }],
        ['end', 'endEvent'],
      ],
      [
        ['start', 'step'],
        ['step', 'end'],
      ],
    );
    let result = startInstance(g, {});
    for (let i = 0; i < 3; i++) {
      expect(open(result)).toEqual(['step']);
      result = complete(g, result, 'step');
    }
    expect(result.finished).toBe(true);
  });

  it('ends the whole instance at a terminate end event, and a branch alone at a plain one', () => {
    const g = graph(
      [
        ['start', 'startEvent'],
        ['fork', 'parallelGateway'],
        ['a', 'userTask'],
        ['b', 'userTask'],
        ['stop', 'endEvent', { terminate: true }],
        ['end', 'endEvent'],
      ],
      [
        ['start', 'fork'],
        ['fork', 'a'],
        ['fork', 'b'],
        ['a', 'stop'],
        ['b', 'end'],
      ],
    );
    const started = startInstance(g, {});
    expect(open(complete(g, started, 'b'))).toEqual(['a']);
    expect(complete(g, started, 'a').finished).toBe(true);
  });

  it('runs an embedded sub-process as a scope: it completes when its last token ends, a terminate ends it alone', () => {
    const g = graph(
      [
        ['start', 'startEvent'],
        ['sub', 'subProcess', { start: 'inStart' }],
        ['inStart', 'startEvent', { scope: 'sub' }],
        ['fork', 'parallelGateway', { scope: 'sub' }],
        ['a', 'userTask', { scope: 'sub' }],
        ['b', 'userTask', { scope: 'sub' }],
        ['inEnd', 'endEvent', { scope: 'sub' }],
        ['stop', 'endEvent', { scope: 'sub', terminate: true }],
        ['after', 'userTask'],
      ],
      [
        ['start', 'sub'],
        ['inStart', 'fork'],
        ['fork', 'a'],
        ['fork', 'b'],
        ['a', 'inEnd'],
        ['b', 'stop'],
        ['sub', 'after'],
      ],
    );
    const started = startInstance(g, {});
    expect(open(started)).toEqual(['a', 'b']);
    // a ends its branch; the sub-process waits for b.
    const one = complete(g, started, 'a');
    expect(open(one)).toEqual(['b']);
    expect(open(complete(g, one, 'b'))).toEqual(['after']);
    // b's terminate end withdraws a and ends the sub-process only: the process goes on.
    expect(open(complete(g, started, 'b'))).toEqual(['after']);
  });

  it('names the people of a new task, refuses written people resolving to nobody, leaves an unnamed task open', () => {
    const people = (userTask: FlowNode['userTask']) =>
      graph(
        [
          ['start', 'startEvent'],
          ['t', 'userTask', { userTask }],
        ],
        [['start', 't']],
      );
    const named = startInstance(people({ candidateUsers: ['${approvers}'], candidateGroups: ['hr, finance'] }), {
      approvers: '7,8',
    });
    expect(named.waiting[0]).toMatchObject({
      assignee: '',
      candidateUsers: ['taskUser_7', 'taskUser_8'],
      candidateGroups: ['hr', 'finance'],
    });
    expect(() =>
      startInstance(people({ assignee: '${nobody}', candidateUsers: [], candidateGroups: [] }), { nobody: '' }),
    ).toThrow(/t: no assignee or candidate resolved/);
    expect(startInstance(people({ candidateUsers: [], candidateGroups: [] }), {}).waiting[0]).toMatchObject({
      assignee: '',
      candidateUsers: [],
      candidateGroups: [],
    });
  });
});
