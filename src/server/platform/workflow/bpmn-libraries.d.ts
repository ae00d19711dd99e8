/** The two bpmn.io libraries the server lays diagrams out with ship no types: what diagram-layout.ts uses of them. */

declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    $attrs?: Record<string, string>;
    id?: string;
    [key: string]: unknown;
    get(name: string): unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: unknown[] }>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}

declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
