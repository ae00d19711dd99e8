import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-codes.css';
import fontWoff from 'bpmn-js/dist/assets/bpmn-font/font/bpmn.woff?url';
import fontWoff2 from 'bpmn-js/dist/assets/bpmn-font/font/bpmn.woff2?url';
import { FLOWABLE_MODDLE } from '../../../shared/flow/flowable-moddle.ts';
import type { Editable, ElementProps } from './model-xml.ts';

/**
 * The model designer's editor (bpmn-js Modeler), loaded on demand like the viewer. It reads and writes the Flowable
 * attributes the server's engine uses (assignee, candidate users / groups) and `${...}` conditions on flows; the
 * screen's side panel edits them through `update`. The bpmn.io watermark stays.
 */

/**
 * The palette's icon font, woff2 / woff only: bpmn.css would also emit its SVG font, an asset the service worker
 * precaches for every device (a phone must never download bpmn-js files).
 */
const FONT_CSS = `
@font-face { font-family: 'bpmn'; src: url('${fontWoff2}') format('woff2'), url('${fontWoff}') format('woff'); font-weight: normal; font-style: normal; }
[class^="bpmn-icon-"]:before, [class*=" bpmn-icon-"]:before {
  font-family: "bpmn"; font-style: normal; font-weight: normal; display: inline-block; width: 1em; text-align: center;
  font-variant: normal; text-transform: none; line-height: 1em; -webkit-font-smoothing: antialiased;
}`;

function installFont() {
  if (document.getElementById('tenon-bpmn-font')) return;
  const style = document.createElement('style');
  style.id = 'tenon-bpmn-font';
  style.textContent = FONT_CSS;
  document.head.append(style);
}

interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  conditionExpression?: { body?: string };
  documentation?: Array<{ text?: string }>;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
}
interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
}
interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
}
interface Moddle {
  create(type: string, attrs: Record<string, unknown>): unknown;
}
interface CanvasLike {
  getRootElement(): DiagramElement;
  zoom(level: 'fit-viewport', center?: 'auto'): number;
}
interface RegistryLike {
  get(id: string): DiagramElement | undefined;
}
interface EventBusLike {
  on<E>(event: string, callback: (event: E) => void): void;
}

export interface Designer {
  /** the selected element, or the process when nothing (or several) is selected */
  current(): ElementProps;
  onChange(listener: (element: ElementProps) => void): void;
  update(id: string, key: Editable, value: string): void;
  /** The XML to save: the process takes the model's key as id and its name. */
  save(process: { key: string; name: string }): Promise<string>;
  destroy(): void;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function propsOf(element: DiagramElement): ElementProps {
  const bo = element.businessObject;
  const kind =
    bo.$type === 'bpmn:Process'
      ? 'process'
      : bo.$type === 'bpmn:UserTask'
        ? 'userTask'
        : bo.$type === 'bpmn:SequenceFlow'
          ? 'sequenceFlow'
          : 'other';
  return {
    id: bo.id,
    type: bo.$type.replace(/^bpmn:/, ''),
    kind,
    name: text(bo.name),
    assignee: text(bo.get('flowable:assignee')),
    candidateUsers: text(bo.get('flowable:candidateUsers')),
    candidateGroups: text(bo.get('flowable:candidateGroups')),
    condition: text(bo.conditionExpression?.body),
    documentation: text(bo.documentation?.[0]?.text),
  };
}

export async function createDesigner(container: HTMLElement, xml: string): Promise<Designer> {
  installFont();
  const modeler = new Modeler({ container, moddleExtensions: { flowable: FLOWABLE_MODDLE } });
  try {
    await modeler.importXML(xml);
  } catch (error) {
    modeler.destroy();
    throw error;
  }
  const canvas = modeler.get<CanvasLike>('canvas');
  const registry = modeler.get<RegistryLike>('elementRegistry');
  const modeling = modeler.get<Modeling>('modeling');
  const moddle = modeler.get<Moddle>('moddle');
  const events = modeler.get<EventBusLike>('eventBus');
  canvas.zoom('fit-viewport', 'auto');

  let selected: DiagramElement | undefined;
  const listeners: Array<(element: ElementProps) => void> = [];
  const current = () => propsOf(selected && registry.get(selected.id) ? selected : canvas.getRootElement());
  const emit = () => {
    const props = current();
    for (const listener of listeners) listener(props);
  };
  events.on<{ newSelection: DiagramElement[] }>('selection.changed', ({ newSelection }) => {
    selected = newSelection.length === 1 ? newSelection[0] : undefined;
    emit();
  });
  events.on<{ element: DiagramElement }>('element.changed', ({ element }) => {
    if (element === (selected ?? canvas.getRootElement())) emit();
  });

  return {
    current,
    onChange: (listener) => {
      listeners.push(listener);
    },
    update(id, key, value) {
      const element = registry.get(id) ?? (canvas.getRootElement().id === id ? canvas.getRootElement() : undefined);
      if (!element) return;
      const trimmed = value.trim();
      if (key === 'name') modeling.updateProperties(element, { name: value || undefined });
      else if (key === 'condition') {
        modeling.updateProperties(element, {
          conditionExpression: trimmed ? moddle.create('bpmn:FormalExpression', { body: trimmed }) : undefined,
        });
      } else if (key === 'documentation') {
        modeling.updateProperties(element, {
          documentation: trimmed ? [moddle.create('bpmn:Documentation', { text: value })] : [],
        });
      } else modeling.updateProperties(element, { [`flowable:${key}`]: trimmed || undefined });
    },
    async save({ key, name }) {
      const process = canvas.getRootElement().businessObject;
      // Set on the model itself (not as a command): the engine keys definitions by the process id.
      process.set('id', key);
      process.set('name', name);
      process.set('isExecutable', true);
      const result = await modeler.saveXML({ format: true });
      return result.xml ?? '';
    },
    destroy: () => modeler.destroy(),
  };
}
