import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import type { DiagramMarker } from './flow-markers.ts';

/**
 * The diagram viewer (bpmn-js, view mode: pan and zoom only). Loaded on demand: only the flow screens import this
 * module, and only when a diagram is shown, so neither the shell nor a phone ever downloads bpmn-js. The bpmn.io
 * watermark bpmn-js draws stays (its licence requires it).
 */

interface CanvasLike {
  zoom(level: 'fit-viewport', center?: 'auto'): number;
  addMarker(id: string, className: string): void;
}
interface RegistryLike {
  get(id: string): unknown;
}

export interface ShownDiagram {
  destroy(): void;
}

export async function showDiagram(
  container: HTMLElement,
  xml: string,
  markers: readonly DiagramMarker[],
): Promise<ShownDiagram> {
  const viewer = new NavigatedViewer({ container });
  try {
    await viewer.importXML(xml);
    const canvas = viewer.get<CanvasLike>('canvas');
    const registry = viewer.get<RegistryLike>('elementRegistry');
    for (const marker of markers) if (registry.get(marker.id)) canvas.addMarker(marker.id, marker.className);
    canvas.zoom('fit-viewport', 'auto');
  } catch (error) {
    viewer.destroy();
    throw error;
  }
  return { destroy: () => viewer.destroy() };
}
