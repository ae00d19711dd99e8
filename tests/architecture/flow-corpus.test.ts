import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The corpus of public BPMN models (issue 34): tests/flow-corpus/corpus.json lists every model under
 * tests/flow-corpus/models once, with its source (repository, path, commit, licence) and its expected outcome, runs
 * along named paths or a refusal naming an element. This checks the manifest against the files; running the models
 * through the server is the runner's job. The step vocabulary is described in tests/flow-corpus/README.md.
 */
const CORPUS = join(import.meta.dirname, '../flow-corpus');

type Step = {
  expectOpen?: string[];
  complete?: string;
  expectTask?: string;
  waitTimer?: string;
  trigger?: string;
  signal?: string;
  message?: string;
  expectVariables?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  all?: boolean;
  count?: number;
  assignee?: string;
};
type Run = { name: string; start?: Record<string, unknown>; steps: Step[]; end: string; startBy?: string };
type Entry = {
  id: string;
  file: string;
  source: { repo: string; path: string; commit: string; licence: string };
  test: string;
  features: string[];
  expect: 'runs' | 'refused';
  requires?: string[];
  runs?: Run[];
  refused?: { element: string; reason: string };
};

const STEP_KINDS = [
  'expectOpen',
  'complete',
  'expectTask',
  'waitTimer',
  'trigger',
  'signal',
  'message',
  'expectVariables',
];
const START_BY = ['api', 'message', 'signal', 'timer'];

const modelFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? modelFiles(path) : [relative(CORPUS, path)];
  });

/** The `id="…"` attributes of a model, and the names of its signals and messages. */
const idsOf = (xml: string) => new Set([...xml.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]));
const eventNamesOf = (xml: string, kind: 'signal' | 'message') =>
  new Set([...xml.matchAll(new RegExp(`<(?:\\w+:)?${kind}\\b[^>]*\\sname="([^"]*)"`, 'g'))].map((match) => match[1]));

/** What is wrong with the manifest, one line per problem (empty when it is sound). */
export function corpusProblems(entries: Entry[], files: string[], read: (file: string) => string): string[] {
  const problems: string[] = [];
  const byId = new Map<string, Entry>();
  for (const entry of entries) {
    if (byId.has(entry.id)) problems.push(`${entry.id}: id used twice`);
    byId.set(entry.id, entry);
  }
  const listed = new Map<string, number>();
  for (const entry of entries) listed.set(entry.file, (listed.get(entry.file) ?? 0) + 1);
  for (const file of files) if (listed.get(file) !== 1) problems.push(`${file}: listed ${listed.get(file) ?? 0} times`);

  for (const entry of entries) {
    const at = (problem: string) => problems.push(`${entry.id}: ${problem}`);
    if (!/^(flowable|camunda|miwg)\/[a-z0-9]+(-[a-z0-9]+)*$/.test(entry.id)) at('id is not <source>/<kebab-case>');
    if (!files.includes(entry.file)) {
      at(`file ${entry.file} does not exist`);
      continue;
    }
    const { repo, path, commit, licence } = entry.source ?? {};
    if (!repo || !path || !licence || !/^[0-9a-f]{40}$/.test(commit ?? ''))
      at('source needs repo, path, licence, commit');
    if (!entry.test) at('no test named');
    if (!Array.isArray(entry.features) || entry.features.length === 0) at('no features');
    const ids = idsOf(read(entry.file));
    const required = (entry.requires ?? []).map((id) => byId.get(id));
    if (required.some((other) => !other)) at(`requires an unknown entry: ${entry.requires}`);
    const reachable = new Set([...ids, ...required.flatMap((other) => (other ? [...idsOf(read(other.file))] : []))]);
    const names = (kind: 'signal' | 'message') =>
      new Set([entry, ...required].flatMap((other) => (other ? [...eventNamesOf(read(other.file), kind)] : [])));

    if (entry.expect === 'refused') {
      if (!entry.refused?.reason) at('a refusal needs a reason');
      if (!ids.has(entry.refused?.element ?? '')) at(`refused element ${entry.refused?.element} is no id of the file`);
      if (entry.runs) at('refused and runs');
    } else if (entry.expect === 'runs') {
      if (!entry.runs?.length) at('runs without a run');
      for (const run of entry.runs ?? []) {
        const where = (problem: string) => at(`run "${run.name}": ${problem}`);
        if (!run.name) where('no name');
        if (!run.steps?.length) where('no step');
        if (!['completed', 'running'].includes(run.end)) where(`end ${run.end}`);
        if (run.startBy !== undefined && !START_BY.includes(run.startBy)) where(`startBy ${run.startBy}`);
        for (const step of run.steps ?? []) {
          const kinds = STEP_KINDS.filter((kind) => kind in step);
          if (kinds.length !== 1) where(`a step is one of ${STEP_KINDS.join(', ')}: ${JSON.stringify(step)}`);
          for (const key of [step.complete, step.expectTask, step.waitTimer, step.trigger, ...(step.expectOpen ?? [])])
            if (key !== undefined && !reachable.has(key)) where(`${key} is no element id of the model`);
          if (step.expectOpen && step.expectOpen.join('\n') !== [...step.expectOpen].sort().join('\n'))
            where(`expectOpen not sorted: ${step.expectOpen}`);
          if (step.signal !== undefined && !names('signal').has(step.signal)) where(`no signal named ${step.signal}`);
          if (step.message !== undefined && !names('message').has(step.message))
            where(`no message named ${step.message}`);
        }
      }
      if (entry.refused) at('runs and refused');
    } else at(`expect is ${entry.expect}`);
  }

  const count = (source: string) => entries.filter((entry) => entry.id.startsWith(`${source}/`)).length;
  if (entries.length < 60) problems.push(`${entries.length} entries, at least 60 wanted`);
  for (const source of ['flowable', 'camunda', 'miwg'])
    if (count(source) < 10) problems.push(`${count(source)} entries from ${source}, at least 10 wanted`);
  return problems;
}

describe('flow corpus (tests/flow-corpus)', () => {
  const entries = JSON.parse(readFileSync(join(CORPUS, 'corpus.json'), 'utf8')) as Entry[];
  const files = modelFiles(join(CORPUS, 'models'));
  const texts = new Map<string, string>();
  const read = (file: string) => {
    if (!texts.has(file)) texts.set(file, readFileSync(join(CORPUS, file), 'latin1'));
    return texts.get(file)!;
  };

  it('lists every model once, with its source and an expectation the model can meet', () => {
    expect(corpusProblems(entries, files, read)).toEqual([]);
  });

  it('finds a planted fault', () => {
    const [first, second] = entries.filter((entry) => entry.expect === 'runs');
    const planted: Entry[] = [
      ...entries.filter((entry) => entry !== first && entry !== second),
      { ...first, runs: [{ ...first.runs![0], steps: [{ complete: 'noSuchTask' }] }] },
      { ...second, id: first.id },
    ];
    expect(corpusProblems(planted, files, read)).toEqual([
      `${first.id}: id used twice`,
      `${first.id}: run "${first.runs![0].name}": noSuchTask is no element id of the model`,
    ]);
  });
});
