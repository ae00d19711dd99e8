import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import type { ActivityState } from '../../../shared/flow/diagram-states.ts';
import { parserSource } from './model-source.ts';

/**
 * A model's diagram as an SVG image (`process/resource-view?resourceType=image`, `process/diagram-view`), drawn from
 * its diagram information as bpmn-js draws it: events as circles, activities as rounded rectangles with their names,
 * gateways as diamonds with their marker, flows as polylines with arrows, pools and lanes as rectangles, labels. An
 * instance's elements are coloured as the console's viewer colours them (diagram-states.ts): ended green, running
 * blue, flows taken orange. Every text of the model is escaped: the image is safe to open on its own.
 */

/** The console's theme colours (antd success, the console's default primary #409EFF, warning). */
const STYLE: Record<ActivityState | 'none', { stroke: string; fill: string }> = {
  none: { stroke: '#22242a', fill: '#ffffff' },
  ended: { stroke: '#52c41a', fill: '#f6ffed' },
  running: { stroke: '#409eff', fill: '#ecf5ff' },
  sequence: { stroke: '#faad14', fill: 'none' },
};
const FONT = 12;
const LINE = 14;
const PAD = 20;

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}
type States = ReadonlyMap<string, ActivityState>;

const list = (value: unknown) => (Array.isArray(value) ? (value as ModdleElement[]) : []);
const is = (element: ModdleElement | undefined, ...types: string[]) =>
  Boolean(element && types.some((t) => element.$type === `bpmn:${t}`));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const boundsOf = (value: unknown): Bounds | undefined => {
  const b = value as Partial<Bounds> | undefined;
  return b ? { x: num(b.x), y: num(b.y), width: num(b.width), height: num(b.height) } : undefined;
};
const f = (n: number) => String(Math.round(n * 10) / 10);

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Width of a text at 12px: CJK characters are square, Latin ones about half as wide. */
const widthOf = (text: string) => [...text].reduce((w, c) => w + (/[\u2e80-\uffff]/.test(c) ? FONT : FONT * 0.58), 0);

/** The text broken into lines of at most `width` (at spaces where it can, anywhere in CJK), at most `max` lines. */
function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/(?<=\s)|(?=[\u2e80-\uffff])|(?<=[\u2e80-\uffff])/)) {
      if (line && widthOf(line + word) > width) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else line += word;
      while (widthOf(line) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && widthOf(line.slice(0, cut)) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  if (lines.length > max) return [...lines.slice(0, max - 1), `${lines[max - 1].slice(0, -1)}…`];
  return lines;
}

/** Lines of text centred on `cx`, the block's middle at `cy`. */
function textBlock(lines: string[], cx: number, cy: number, anchor = 'middle', x = cx): string {
  const top = cy - ((lines.length - 1) * LINE) / 2;
  return lines
    .map(
      (line, i) =>
        `<text x="${f(anchor === 'middle' ? cx : x)}" y="${f(top + i * LINE)}" text-anchor="${anchor}" dominant-baseline="central">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** Marker of an event's definition (timer clock, message envelope, signal triangle, error, terminate...). */
function eventMarker(event: ModdleElement, cx: number, cy: number, r: number, colour: string): string {
  const definition = list(event.get('eventDefinitions'))[0];
  if (!definition) return '';
  const filled = is(event, 'EndEvent', 'IntermediateThrowEvent');
  const fill = filled ? colour : 'none';
  const s = r * 0.5;
  switch (definition.$type) {
    case 'bpmn:TimerEventDefinition':
      return (
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.62)}" fill="none"/>` +
        `<path d="M${f(cx)},${f(cy)} L${f(cx)},${f(cy - r * 0.45)} M${f(cx)},${f(cy)} L${f(cx + r * 0.32)},${f(cy + r * 0.1)}" fill="none"/>`
      );
    case 'bpmn:MessageEventDefinition':
      return (
        `<rect x="${f(cx - s)}" y="${f(cy - s * 0.7)}" width="${f(2 * s)}" height="${f(1.4 * s)}" fill="${fill}"/>` +
        `<path d="M${f(cx - s)},${f(cy - s * 0.7)} L${f(cx)},${f(cy)} L${f(cx + s)},${f(cy - s * 0.7)}" fill="none" stroke="${filled ? '#fff' : colour}"/>`
      );
    case 'bpmn:SignalEventDefinition':
      return `<path d="M${f(cx)},${f(cy - s)} L${f(cx + s)},${f(cy + s * 0.7)} L${f(cx - s)},${f(cy + s * 0.7)} Z" fill="${fill}"/>`;
    case 'bpmn:ErrorEventDefinition':
      return `<path d="M${f(cx - s)},${f(cy + s)} L${f(cx - s * 0.4)},${f(cy - s)} L${f(cx + s * 0.2)},${f(cy + s * 0.2)} L${f(cx + s)},${f(cy - s)} L${f(cx + s * 0.4)},${f(cy + s)} L${f(cx - s * 0.2)},${f(cy - s * 0.2)} Z" fill="${fill}"/>`;
    case 'bpmn:TerminateEventDefinition':
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.6)}" fill="${colour}"/>`;
    default:
      return '';
  }
}

/** A gateway's marker: × exclusive, + parallel, ○ inclusive, event-based and complex. */
function gatewayMarker(gateway: ModdleElement, cx: number, cy: number, size: number, colour: string): string {
  const s = size * 0.2;
  const line = (d: string) => `<path d="${d}" fill="none" stroke-width="3"/>`;
  switch (gateway.$type) {
    case 'bpmn:ExclusiveGateway':
      return line(
        `M${f(cx - s)},${f(cy - s)} L${f(cx + s)},${f(cy + s)} M${f(cx + s)},${f(cy - s)} L${f(cx - s)},${f(cy + s)}`,
      );
    case 'bpmn:ParallelGateway':
      return line(
        `M${f(cx)},${f(cy - s * 1.3)} L${f(cx)},${f(cy + s * 1.3)} M${f(cx - s * 1.3)},${f(cy)} L${f(cx + s * 1.3)},${f(cy)}`,
      );
    case 'bpmn:InclusiveGateway':
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 1.2)}" fill="none" stroke-width="2.5"/>`;
    case 'bpmn:ComplexGateway':
      return line(
        `M${f(cx)},${f(cy - s * 1.3)} L${f(cx)},${f(cy + s * 1.3)} M${f(cx - s * 1.3)},${f(cy)} L${f(cx + s * 1.3)},${f(cy)} M${f(cx - s)},${f(cy - s)} L${f(cx + s)},${f(cy + s)} M${f(cx + s)},${f(cy - s)} L${f(cx - s)},${f(cy + s)}`,
      );
    case 'bpmn:EventBasedGateway':
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 1.4)}" fill="none"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 1.1)}" fill="none"/><path d="M${f(cx)},${f(cy - s * 0.7)} L${f(cx + s * 0.7)},${f(cy - s * 0.1)} L${f(cx + s * 0.45)},${f(cy + s * 0.7)} L${f(cx - s * 0.45)},${f(cy + s * 0.7)} L${f(cx - s * 0.7)},${f(cy - s * 0.1)} Z" fill="none" stroke="${colour}"/>`;
    default:
      return '';
  }
}

/** The small icon of a task's kind, top left (user, service, script, send / receive, manual, business rule). */
function taskIcon(task: ModdleElement, x: number, y: number, colour: string): string {
  const at = (d: string, fill = 'none') => `<path d="${d}" fill="${fill}" stroke-width="1"/>`;
  switch (task.$type) {
    case 'bpmn:UserTask':
      return (
        `<circle cx="${f(x + 15)}" cy="${f(y + 12)}" r="4" fill="none" stroke-width="1"/>` +
        at(
          `M${f(x + 7)},${f(y + 26)} Q${f(x + 7)},${f(y + 17)} ${f(x + 15)},${f(y + 17)} Q${f(x + 23)},${f(y + 17)} ${f(x + 23)},${f(y + 26)} Z`,
        )
      );
    case 'bpmn:ServiceTask':
      return `<circle cx="${f(x + 15)}" cy="${f(y + 16)}" r="7" fill="none" stroke-width="1" stroke-dasharray="3 2"/><circle cx="${f(x + 15)}" cy="${f(y + 16)}" r="3" fill="none" stroke-width="1"/>`;
    case 'bpmn:ScriptTask':
      return at(
        `M${f(x + 9)},${f(y + 8)} h12 v16 h-12 Z M${f(x + 11)},${f(y + 13)} h8 M${f(x + 11)},${f(y + 17)} h8 M${f(x + 11)},${f(y + 21)} h8`,
      );
    case 'bpmn:SendTask':
    case 'bpmn:ReceiveTask': {
      const fill = task.$type === 'bpmn:SendTask' ? colour : 'none';
      return at(`M${f(x + 7)},${f(y + 9)} h16 v11 h-16 Z`, fill) + at(`M${f(x + 7)},${f(y + 9)} l8,6 l8,-6`);
    }
    case 'bpmn:ManualTask':
      return at(`M${f(x + 7)},${f(y + 22)} v-8 l4,-5 h10 v3 h-6 v10 Z`);
    case 'bpmn:BusinessRuleTask':
      return at(`M${f(x + 7)},${f(y + 8)} h16 v12 h-16 Z M${f(x + 7)},${f(y + 12)} h16 M${f(x + 12)},${f(y + 12)} v8`);
    default:
      return '';
  }
}

/** A multi-instance's three bars (vertical: parallel, horizontal: sequential) or a collapsed sub-process's [+]. */
function activityMarkers(activity: ModdleElement, b: Bounds, collapsed: boolean): string {
  const parts: string[] = [];
  const loop = activity.get('loopCharacteristics') as ModdleElement | undefined;
  const cx = b.x + b.width / 2;
  const bottom = b.y + b.height - 6;
  const markers = (collapsed ? 1 : 0) + (loop ? 1 : 0);
  let x = cx - (markers * 14 - 4) / 2;
  if (loop) {
    const d = loop.isSequential
      ? `M${f(x)},${f(bottom - 9)} h10 M${f(x)},${f(bottom - 5)} h10 M${f(x)},${f(bottom - 1)} h10`
      : `M${f(x + 1)},${f(bottom - 10)} v10 M${f(x + 5)},${f(bottom - 10)} v10 M${f(x + 9)},${f(bottom - 10)} v10`;
    parts.push(`<path d="${d}" fill="none" stroke-width="1.5"/>`);
    x += 14;
  }
  if (collapsed)
    parts.push(
      `<rect x="${f(x)}" y="${f(bottom - 10)}" width="10" height="10" fill="none" stroke-width="1"/><path d="M${f(x + 5)},${f(bottom - 8)} v6 M${f(x + 2)},${f(bottom - 5)} h6" fill="none" stroke-width="1"/>`,
    );
  return parts.join('');
}

class Drawing {
  private readonly parts: string[] = [];
  private readonly labels: string[] = [];
  private readonly box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };

  constructor(private readonly states: States) {}

  private grow(x: number, y: number, width = 0, height = 0) {
    this.box.x1 = Math.min(this.box.x1, x);
    this.box.y1 = Math.min(this.box.y1, y);
    this.box.x2 = Math.max(this.box.x2, x + width);
    this.box.y2 = Math.max(this.box.y2, y + height);
  }
  private styleOf(element: ModdleElement) {
    return STYLE[(element.id && this.states.get(element.id)) || 'none'];
  }
  private group(element: ModdleElement, content: string, stroke: string) {
    const id = element.id ? ` data-element-id="${escapeXml(element.id)}"` : '';
    const state = element.id && this.states.get(element.id);
    this.parts.push(
      `<g${id}${state ? ` data-state="${state}"` : ''} stroke="${stroke}" fill="none" stroke-width="2">${content}</g>`,
    );
  }

  /** A name below a shape, or in the label's own bounds when the diagram gives them. */
  private label(name: string, label: Bounds | undefined, cx: number, top: number) {
    if (!name.trim()) return;
    const lines = wrap(name, label && label.width > 20 ? Math.max(label.width, 90) : 90, 4);
    const y = label ? label.y + label.height / 2 : top + 4 + (lines.length * LINE) / 2;
    const x = label ? label.x + label.width / 2 : cx;
    const width = Math.max(...lines.map(widthOf));
    this.grow(x - width / 2, y - (lines.length * LINE) / 2, width, lines.length * LINE);
    this.labels.push(textBlock(lines, x, y));
  }

  shape(shape: ModdleElement) {
    const element = shape.bpmnElement as ModdleElement | undefined;
    const b = boundsOf(shape.bounds);
    if (!element || !b) return;
    this.grow(b.x, b.y, b.width, b.height);
    const { stroke, fill } = this.styleOf(element);
    const name = typeof element.name === 'string' ? element.name : '';
    const label = boundsOf((shape.label as ModdleElement | undefined)?.bounds);
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const rect = (rx: number, extra = '') =>
      `<rect x="${f(b.x)}" y="${f(b.y)}" width="${f(b.width)}" height="${f(b.height)}" rx="${rx}" fill="${fill}"${extra}/>`;
    if (is(element, 'Participant', 'Lane')) {
      const band = Math.min(30, b.width);
      const lines = wrap(name, b.height - 10, 2);
      const text = textBlock(lines, 0, 0);
      const rotated = `<g transform="translate(${f(b.x + band / 2)},${f(cy)}) rotate(-90)" stroke="none" fill="#22242a">${text}</g>`;
      this.group(
        element,
        `${rect(0, ' fill-opacity="0"')}<path d="M${f(b.x + band)},${f(b.y)} v${f(b.height)}"/>${rotated}`,
        stroke,
      );
    } else if (/Event$/.test(element.$type)) {
      const r = Math.min(b.width, b.height) / 2;
      const interrupting = element.cancelActivity !== false && element.isInterrupting !== false;
      const dash = interrupting ? '' : ' stroke-dasharray="5 3"';
      const width = is(element, 'EndEvent') ? 4 : is(element, 'StartEvent') ? 2 : 1.5;
      let content = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" stroke-width="${width}"${dash}/>`;
      if (is(element, 'IntermediateCatchEvent', 'IntermediateThrowEvent', 'BoundaryEvent'))
        content += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - 3)}" fill="none" stroke-width="1.5"${dash}/>`;
      this.group(element, content + `<g stroke-width="1.5">${eventMarker(element, cx, cy, r, stroke)}</g>`, stroke);
      this.label(name, label, cx, b.y + b.height);
    } else if (/Gateway$/.test(element.$type)) {
      const diamond = `<path d="M${f(cx)},${f(b.y)} L${f(b.x + b.width)},${f(cy)} L${f(cx)},${f(b.y + b.height)} L${f(b.x)},${f(cy)} Z" fill="${fill}"/>`;
      this.group(element, diamond + gatewayMarker(element, cx, cy, b.width, stroke), stroke);
      this.label(name, label, cx, b.y + b.height);
    } else if (is(element, 'SubProcess', 'Transaction', 'AdHocSubProcess') && shape.isExpanded) {
      const dash = element.triggeredByEvent ? ' stroke-dasharray="6 3"' : '';
      const lines = wrap(name, b.width - 20, 2);
      const text = `<g stroke="none" fill="#22242a">${textBlock(lines, 0, b.y + 10 + ((lines.length - 1) * LINE) / 2, 'start', b.x + 10)}</g>`;
      this.group(element, rect(10, ` fill-opacity="0.6"${dash}`) + activityMarkers(element, b, false) + text, stroke);
    } else if (
      is(
        element,
        'Task',
        'UserTask',
        'ServiceTask',
        'ScriptTask',
        'SendTask',
        'ReceiveTask',
        'ManualTask',
        'BusinessRuleTask',
      ) ||
      is(element, 'SubProcess', 'Transaction', 'AdHocSubProcess', 'CallActivity')
    ) {
      const width = is(element, 'CallActivity') ? 4 : 2;
      const collapsed = is(element, 'SubProcess', 'Transaction', 'AdHocSubProcess');
      const lines = wrap(name, b.width - 12, Math.max(1, Math.floor((b.height - 16) / LINE)));
      const text = `<g stroke="none" fill="#22242a">${textBlock(lines, cx, cy)}</g>`;
      this.group(
        element,
        rect(10, ` stroke-width="${width}"`) +
          `<g stroke-width="1">${taskIcon(element, b.x, b.y, stroke)}</g>` +
          activityMarkers(element, b, collapsed) +
          text,
        stroke,
      );
    } else if (is(element, 'TextAnnotation')) {
      const body = typeof element.text === 'string' ? element.text : '';
      const lines = wrap(body, b.width - 8, Math.max(1, Math.floor(b.height / LINE)));
      const text = `<g stroke="none" fill="#22242a">${textBlock(lines, 0, cy, 'start', b.x + 6)}</g>`;
      this.group(
        element,
        `<path d="M${f(b.x + 10)},${f(b.y)} H${f(b.x)} V${f(b.y + b.height)} H${f(b.x + 10)}" stroke-width="1"/>${text}`,
        stroke,
      );
    } else if (is(element, 'DataObjectReference', 'DataObject', 'DataStoreReference', 'DataInput', 'DataOutput')) {
      const fold = Math.min(12, b.width / 3);
      const page = `<path d="M${f(b.x)},${f(b.y)} H${f(b.x + b.width - fold)} L${f(b.x + b.width)},${f(b.y + fold)} V${f(b.y + b.height)} H${f(b.x)} Z" fill="${fill}" stroke-width="1.5"/>`;
      this.group(element, page, stroke);
      this.label(name, label, cx, b.y + b.height);
    } else if (is(element, 'Group')) {
      this.group(element, rect(10, ' fill-opacity="0" stroke-width="1" stroke-dasharray="8 3 1 3"'), stroke);
    } else {
      this.group(element, rect(0, ' stroke-width="1"'), stroke);
    }
  }

  edge(edge: ModdleElement) {
    const element = edge.bpmnElement as ModdleElement | undefined;
    const points = list(edge.waypoint).map((p) => ({ x: num(p.x), y: num(p.y) }));
    if (!element || points.length < 2) return;
    for (const p of points) this.grow(p.x, p.y);
    const { stroke } = this.styleOf(element);
    const state = (element.id && this.states.get(element.id)) || 'none';
    const d = points.map((p, i) => `${i ? 'L' : 'M'}${f(p.x)},${f(p.y)}`).join(' ');
    let style = ` stroke-width="1.5" marker-end="url(#arrow-${state})"`;
    if (is(element, 'MessageFlow')) style = ' stroke-width="1.5" stroke-dasharray="10 5" marker-end="url(#open-arrow)"';
    else if (is(element, 'Association')) style = ' stroke-width="1" stroke-dasharray="2 4"';
    else if (is(element, 'DataInputAssociation', 'DataOutputAssociation'))
      style = ' stroke-width="1" stroke-dasharray="2 4" marker-end="url(#open-arrow)"';
    this.group(element, `<path d="${d}"${style}/>`, stroke);
    const name = typeof element.name === 'string' ? element.name : '';
    const label = boundsOf((edge.label as ModdleElement | undefined)?.bounds);
    const middle = Math.floor((points.length - 1) / 2);
    const [a, b] = [points[middle], points[middle + 1]];
    this.label(name, label, (a.x + b.x) / 2, (a.y + b.y) / 2 - LINE - 4);
  }

  svg(): string {
    const empty = !Number.isFinite(this.box.x1);
    const x = empty ? 0 : this.box.x1 - PAD;
    const y = empty ? 0 : this.box.y1 - PAD;
    const width = empty ? 100 : this.box.x2 - this.box.x1 + 2 * PAD;
    const height = empty ? 100 : this.box.y2 - this.box.y1 + 2 * PAD;
    const arrow = (id: string, fill: string, stroke: string) =>
      `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0,0 L10,5 L0,10 Z" fill="${fill}" stroke="${stroke}" stroke-width="1"/></marker>`;
    const arrows = Object.entries(STYLE).map(([state, { stroke }]) => arrow(`arrow-${state}`, stroke, stroke));
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${f(width)}" height="${f(height)}" viewBox="${f(x)} ${f(y)} ${f(width)} ${f(height)}" font-family="Arial, 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif" font-size="${FONT}">` +
      `<defs>${arrows.join('')}${arrow('open-arrow', '#ffffff', STYLE.none.stroke)}</defs>` +
      `<rect x="${f(x)}" y="${f(y)}" width="${f(width)}" height="${f(height)}" fill="#ffffff"/>` +
      this.parts.join('') +
      `<g fill="#22242a">${this.labels.join('')}</g></svg>`
    );
  }

  /** Pools and lanes under everything, expanded sub-processes under their content, flows over the shapes. */
  draw(elements: ModdleElement[]) {
    const shapes = elements.filter((e) => e.$type === 'bpmndi:BPMNShape');
    const rank = (shape: ModdleElement) => {
      const element = shape.bpmnElement as ModdleElement | undefined;
      if (is(element, 'Participant')) return 0;
      if (is(element, 'Lane')) return 1;
      if (is(element, 'Group')) return 2;
      if (shape.isExpanded) return 3;
      if (is(element, 'BoundaryEvent')) return 6;
      return 4;
    };
    const ordered = shapes.map((shape, i) => ({ shape, i })).sort((a, b) => rank(a.shape) - rank(b.shape) || a.i - b.i);
    for (const { shape } of ordered.filter(({ shape }) => rank(shape) < 6)) this.shape(shape);
    for (const edge of elements.filter((e) => e.$type === 'bpmndi:BPMNEdge')) this.edge(edge);
    for (const { shape } of ordered.filter(({ shape }) => rank(shape) === 6)) this.shape(shape);
  }
}

/**
 * The SVG of a model's main diagram: the plane of its collaboration or of its process (a collapsed sub-process's own
 * plane is not drawn). `states` colours an instance's elements.
 */
export async function diagramSvg(xml: string, states: States = new Map()): Promise<string> {
  const drawing = new Drawing(states);
  // A stored model always parses; anything else draws as an empty image rather than failing the page that shows it.
  const parsed = await new BpmnModdle().fromXML(parserSource(xml)).catch(() => undefined);
  if (!parsed) return drawing.svg();
  const diagrams = list(parsed.rootElement.get('diagrams'));
  const planeOf = (diagram: ModdleElement) => diagram.plane as ModdleElement | undefined;
  const main =
    diagrams.find((d) => is(planeOf(d)?.bpmnElement as ModdleElement | undefined, 'Collaboration', 'Process')) ??
    diagrams[0];
  const plane = main && planeOf(main);
  if (plane) drawing.draw(list(plane.get('planeElement')));
  return drawing.svg();
}
