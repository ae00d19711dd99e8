import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/server/platform/workflow/compile-model.ts';
import { decodeModel } from '../../src/server/platform/workflow/model-source.ts';
import { hasDiagram, layOut } from '../../src/server/platform/workflow/diagram-layout.ts';

interface Entry {
  id: string;
  file: string;
  features: string[];
}
const CORPUS = join(import.meta.dirname, '../flow-corpus');
const entries = (JSON.parse(readFileSync(join(CORPUS, 'corpus.json'), 'utf8')) as Entry[]).filter((e) =>
  e.features.includes('noDiagram'),
);

/**
 * What the compiler makes of a model: its graph, or the problems it names (without their lines: a flow that had no
 * id has one in the laid-out model, and so a line in its refusal).
 */
const compiled = (xml: string) =>
  compileModel(xml).then(
    ({ graph, warnings }) => ({ graph, warnings }),
    (error: Error) => ({ refused: error.message.replace(/^line \d+: /gm, '') }),
  );

describe('models without diagram information get a laid-out diagram', () => {
  it.each(entries.map((e) => [e.id, e] as const))('%s: laid out, the same process', async (_id, entry) => {
    const xml = decodeModel(readFileSync(join(CORPUS, entry.file)));
    expect(hasDiagram(xml)).toBe(false);
    const laidOut = await layOut(xml);
    expect(hasDiagram(laidOut)).toBe(true);
    const before = await compiled(xml);
    expect(await compiled(laidOut)).toEqual(before);
    if ('graph' in before) {
      // every node and flow of the process is drawn (inner ones of a collapsed sub-process on its own plane)
      const drawn = new Set([...laidOut.matchAll(/bpmnElement="([^"]+)"/g)].map((m) => m[1]));
      expect([...before.graph.nodes.keys()].filter((id) => !drawn.has(id))).toEqual([]);
      expect([...before.graph.flows.keys()].filter((id) => !drawn.has(id))).toEqual([]);
    }
  });

  it('leaves a model with a diagram as it is', async () => {
    const drawn = readFileSync(join(CORPUS, 'models/flowable/BpmnParseTest.testParseCollaborationPlane.bpmn'), 'utf8');
    expect(await layOut(drawn)).toBe(drawn);
  });
});
