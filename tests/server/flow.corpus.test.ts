import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from '../support/app.ts';
import {
  CORPUS_DIR,
  CorpusRunner,
  castOf,
  corpusEntries,
  scoreOf,
  type Entry,
  type Outcome,
  type Run,
  type Step,
} from './flow.corpus.support.ts';

/**
 * Issue 34's measure: every model of the public corpus (tests/flow-corpus) deployed and run through the HTTP API, each
 * entry's outcome compared with its expectation. A ratchet: tests/flow-corpus/status.json lists the entries that pass;
 * one of them failing is a regression, an unlisted one passing asks for the file to be updated. The score is printed.
 */

const STATUS_FILE = join(CORPUS_DIR, 'status.json');
const status = JSON.parse(readFileSync(STATUS_FILE, 'utf8')) as { pass: string[] };
const listed = new Set(status.pass);
const entries = corpusEntries();

let t: TestApp;
let admin: string;
let runner: CorpusRunner;
const outcomes = new Map<string, Outcome>();
withTestApp((app, token) => {
  t = app;
  admin = token;
});
beforeAll(async () => {
  runner = new CorpusRunner(t, await castOf(t, admin), entries);
}, 60_000);

/** A model the engine runs today, in the corpus's dialect: the runner's steps checked on it, passing and failing. */
const RUNNER_CHECK = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  id="runnerCheck" targetNamespace="http://tenon/test">
  <process id="corpusRunnerCheck" name="runner check" isExecutable="true">
    <startEvent id="start"/>
    <userTask id="first" name="first" flowable:assignee="\${assignee}"/>
    <parallelGateway id="fork"/>
    <userTask id="byGroup" name="by group" flowable:candidateGroups="management"/>
    <userTask id="byUsers" name="by users" flowable:candidateUsers="\${one},\${other}"/>
    <parallelGateway id="join"/>
    <endEvent id="end"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="fork"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="byGroup"/>
    <sequenceFlow id="f4" sourceRef="fork" targetRef="byUsers"/>
    <sequenceFlow id="f5" sourceRef="byGroup" targetRef="join"/>
    <sequenceFlow id="f6" sourceRef="byUsers" targetRef="join"/>
    <sequenceFlow id="f7" sourceRef="join" targetRef="end"/>
  </process>
</definitions>`;
const checkEntry = (steps: Step[], end: Run['end'] = 'completed'): Entry => ({
  id: 'runner/check',
  file: 'runner-check.bpmn20.xml',
  xml: RUNNER_CHECK,
  expect: 'runs',
  runs: [{ name: 'check', start: { assignee: 'kermit', one: 'gonzo', other: 'kermit' }, steps, end }],
});

describe('the corpus runner', () => {
  it('follows a model the engine runs: open tasks, assignee, candidates, claims and completions, the end', async () => {
    const steps: Step[] = [
      { expectOpen: ['first'] },
      { expectTask: 'first', assignee: 'kermit' },
      { complete: 'first', assignee: 'kermit' },
      { expectOpen: ['byGroup', 'byUsers'] },
      { expectTask: 'byGroup', candidateGroups: ['management'] },
      { expectTask: 'byUsers', candidateUsers: ['gonzo', 'kermit'] },
      { complete: 'byGroup' },
      { expectOpen: ['byUsers'] },
      { complete: 'byUsers' },
      { expectOpen: [] },
    ];
    expect(await runner.outcome(checkEntry(steps))).toEqual({ pass: true });
  });

  it('says where a run first differs', async () => {
    const differs = async (steps: Step[], end?: Run['end']) => {
      const outcome = await runner.outcome(checkEntry(steps, end));
      return outcome.pass ? 'pass' : outcome.line;
    };
    expect(await differs([{ expectOpen: ['other'] }])).toBe('expectOpen differs: step 1: got [first] want [other]');
    expect(await differs([{ expectTask: 'first', assignee: 'gonzo' }])).toBe(
      'expectTask assignee differs: step 1 first: got [kermit] want gonzo',
    );
    expect(await differs([{ complete: 'first' }, { expectTask: 'byGroup', candidateGroups: ['test'] }])).toBe(
      'expectTask candidateGroups differ: step 2 byGroup: got [management] want [test]',
    );
    expect(await differs([{ expectOpen: ['first'] }])).toBe('end differs: got running want completed');
    expect(await differs([{ expectOpen: ['first'] }], 'running')).toBe('pass');
    expect(await differs([{ waitTimer: 'timer' }], 'running')).toBe('no timer waits: step 1: timer');
    expect(await differs([{ expectVariables: { x: 1 } }], 'running')).toMatch(/^unobservable expectVariables/);
    const refused = (element: string) => ({
      ...checkEntry([]),
      expect: 'refused' as const,
      refused: { element, reason: '' },
    });
    expect(await runner.outcome(refused('first'))).toMatchObject({ pass: false, line: 'refused but deployed' });
    const unparsable = { ...refused('fir'), xml: RUNNER_CHECK.replace('<endEvent id="end"/>', '<endEvent id="end">') };
    expect(await runner.outcome(unparsable)).toMatchObject({
      pass: false,
      line: expect.stringMatching(/^refused without naming the element: fir not in "/),
    });
  });
});

describe('the flow corpus, entry by entry', () => {
  it('lists in status.json only entries of the corpus', () => {
    const ids = new Set(entries.map((entry) => entry.id));
    expect(status.pass.filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(entries.map((entry) => [entry.id, entry] as const))('%s', async (id, entry) => {
    const outcome = await runner.outcome(entry);
    outcomes.set(id, outcome);
    if (listed.has(id))
      expect(
        outcome.pass,
        `${id} passed before (tests/flow-corpus/status.json) and no longer does: ${outcome.pass ? '' : outcome.line}`,
      ).toBe(true);
    else expect(outcome.pass, `${id} passes now: add it to tests/flow-corpus/status.json`).toBe(false);
  });

  it('prints the score', () => {
    console.log(scoreOf(outcomes));
    expect(outcomes.size).toBe(entries.length);
  });
});
