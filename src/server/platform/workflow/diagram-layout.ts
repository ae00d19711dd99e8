import { createHash } from 'node:crypto';
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { layoutProcess } from 'bpmn-auto-layout';

/**
 * Diagram information for models that have none (most engine test models, hand-written XML): laid out with
 * bpmn-auto-layout, as a designer would have drawn it. Only the `<bpmndi:BPMNDiagram>` is added, before the closing
 * `</definitions>`, so every line of the process keeps its text and its number (a refusal names the same lines), plus
 * the ids Flowable gives sequence flows written without one (`flow_<n>`, the compiler's names): a diagram can only
 * point at elements by id.
 */

const DIAGRAM = /<(?:[\w.-]+:)?BPMNDiagram\b/;
const NS = {
  bpmndi: 'http://www.omg.org/spec/BPMN/20100524/DI',
  dc: 'http://www.omg.org/spec/DD/20100524/DC',
  di: 'http://www.omg.org/spec/DD/20100524/DI',
};

/**
 * Past this size a model is not laid out (it opens without a diagram, as before): the layouter takes seconds for a
 * few thousand elements, and models people draw are a small fraction of it.
 */
const MAX_LAYOUT_CHARS = 200_000;

/** Whether the model carries any diagram. */
export const hasDiagram = (xml: string) => DIAGRAM.test(xml);

/**
 * Sequence flows without an id get `flow_<n>` in the file's order (numbers already used as ids skipped), as the
 * compiler names them.
 */
export function withFlowIds(xml: string): string {
  let generated = 0;
  const used = (id: string) => new RegExp(`\\sid\\s*=\\s*["']${id}["']`).test(xml);
  return xml.replace(/<((?:[\w.-]+:)?sequenceFlow)\b([^>]*?)(\/?)>/g, (tag, name: string, attrs: string, end) => {
    if (/\sid\s*=/.test(attrs)) return tag;
    let id = '';
    while (!id || used(id)) id = `flow_${++generated}`;
    return `<${name} id="${id}"${attrs}${end}>`;
  });
}

const list = (value: unknown) => (Array.isArray(value) ? (value as ModdleElement[]) : []);
const ref = (value: unknown) => value as ModdleElement | undefined;

/**
 * The layouter follows each node's `incoming` / `outgoing`, which BPMN files may omit (Flowable's always do): they
 * are filled in from the flows' source and target, in every process and sub-process. The executable process goes
 * first: the layouter draws the first process only.
 */
function connect(definitions: ModdleElement) {
  const roots = list(definitions.get('rootElements'));
  const processes = roots.filter((e) => e.$type === 'bpmn:Process');
  const executable = processes.find((p) => p.isExecutable !== false);
  if (executable && processes[0] !== executable) {
    roots.splice(roots.indexOf(executable), 1);
    roots.unshift(executable);
  }
  const visit = (owner: ModdleElement) => {
    for (const element of list(owner.get('flowElements'))) {
      if (element.$type === 'bpmn:SubProcess') visit(element);
      if (element.$type !== 'bpmn:SequenceFlow') continue;
      const source = ref(element.sourceRef);
      const target = ref(element.targetRef);
      if (!source || !target) continue;
      const outgoing = list(source.get('outgoing'));
      const incoming = list(target.get('incoming'));
      if (!outgoing.includes(element)) outgoing.push(element);
      if (!incoming.includes(element)) incoming.push(element);
    }
  };
  for (const process of processes) visit(process);
}

/** The diagrams of the layouter's output, each declaring the prefixes it uses (the model's root may not). */
function diagramsOf(laidOut: string): string {
  const blocks = laidOut.match(/<bpmndi:BPMNDiagram\b[^]*?<\/bpmndi:BPMNDiagram>/g) ?? [];
  const declarations = Object.entries(NS)
    .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
    .join(' ');
  return blocks
    .map((block) => block.replace(/^<bpmndi:BPMNDiagram\b/, `<bpmndi:BPMNDiagram ${declarations}`))
    .join('\n');
}

/**
 * The model with a laid-out diagram when it has none (the model itself otherwise, or when it cannot be read: the
 * compiler then says why).
 */
export async function layOut(xml: string): Promise<string> {
  if (hasDiagram(xml) || xml.length > MAX_LAYOUT_CHARS) return xml;
  const closing = /<\/(?:[\w.-]+:)?definitions\s*>\s*$/.exec(xml);
  if (!closing) return xml;
  const source = withFlowIds(xml);
  try {
    const moddle = new BpmnModdle();
    const { rootElement } = await moddle.fromXML(source.replace(/^\uFEFF?\s*<\?xml\b[^]*?\?>/, ''));
    connect(rootElement);
    const { xml: connected } = await moddle.toXML(rootElement);
    const diagrams = diagramsOf(await layoutProcess(connected));
    if (!diagrams) return xml;
    const at = /<\/(?:[\w.-]+:)?definitions\s*>\s*$/.exec(source)!.index;
    return `${source.slice(0, at)}${diagrams}\n${source.slice(at)}`;
  } catch {
    return xml;
  }
}

/** Laid-out models by their text's hash: definitions never change, a model's new text is a new key. */
const laidOutCache = new Map<string, Promise<string>>();
const CACHE_SIZE = 200;

/** `layOut` once per text (the reads of a model or a definition without a diagram). */
export function laidOut(xml: string): Promise<string> {
  if (hasDiagram(xml)) return Promise.resolve(xml);
  const key = createHash('sha1').update(xml).digest('base64');
  let found = laidOutCache.get(key);
  if (found) {
    laidOutCache.delete(key);
  } else {
    found = layOut(xml);
    if (laidOutCache.size >= CACHE_SIZE) laidOutCache.delete(laidOutCache.keys().next().value!);
  }
  laidOutCache.set(key, found);
  return found;
}
