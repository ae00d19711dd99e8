import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/server/platform/workflow/compile-model.ts';
import { decodeModel } from '../../src/server/platform/workflow/model-source.ts';
import { hasDiagram, layOut } from '../../src/server/platform/workflow/diagram-layout.ts';
import { diagramSvg } from '../../src/server/platform/workflow/diagram-svg.ts';
import { SaxesParser } from 'saxes';

interface Entry {
  id: string;
  file: string;
  features: string[];
}
const CORPUS = join(import.meta.dirname, '../flow-corpus');
const corpus = JSON.parse(readFileSync(join(CORPUS, 'corpus.json'), 'utf8')) as Entry[];
const entries = corpus.filter((e) => e.features.includes('noDiagram'));

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

describe('the diagram image', () => {
  /** The elements an SVG draws (each group names its BPMN element), after checking that it is well-formed XML. */
  const drawnIn = (svg: string) => {
    const ids: string[] = [];
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => {
      const id = tag.attributes['data-element-id'];
      if (typeof id === 'string') ids.push(id);
    });
    parser.write(svg).close();
    return ids;
  };

  it.each(corpus.map((e) => [e.id, e] as const))('%s: drawn from its diagram', async (_id, entry) => {
    const xml = await layOut(decodeModel(readFileSync(join(CORPUS, entry.file))));
    const svg = await diagramSvg(xml);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(drawnIn(svg).length).toBeGreaterThan(0);
  });

  it('colours the states it is given, and escapes the names', async () => {
    const xml = await layOut(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="x">
  <process id="p"><startEvent id="s"/><sequenceFlow id="f" sourceRef="s" targetRef="t"/>
  <userTask id="t" name="&lt;script&gt;alert(1)&lt;/script&gt; &amp; 审批"/></process>
</definitions>`);
    const svg = await diagramSvg(
      xml,
      new Map([
        ['s', 'ended'],
        ['f', 'sequence'],
        ['t', 'running'],
      ] as const),
    );
    expect(drawnIn(svg)).toEqual(['s', 't', 'f']);
    expect(svg).toContain('data-element-id="s" data-state="ended" stroke="#52c41a"');
    expect(svg).toContain('data-element-id="t" data-state="running" stroke="#409eff"');
    expect(svg).toContain('data-element-id="f" data-state="sequence" stroke="#faad14"');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });

  it('draws what cannot be read as an empty image', async () => {
    expect(drawnIn(await diagramSvg('not xml <'))).toEqual([]);
  });
});
