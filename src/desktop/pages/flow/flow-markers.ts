import type { FlowModelView } from '../../../client/api/flow.ts';
import { activityStates } from '../../../shared/flow/diagram-states.ts';

/**
 * Spec §4 process-node styling: an activity that ended is *success*, one still running *primary*, a sequence flow
 * taken *warning*; nodes the process has not reached (candidates, future steps) get no marker. The classes are set
 * on the diagram's elements (bpmn-js markers) and coloured with the antd theme's tokens (FLOW_DIAGRAM_CSS).
 */
export const MARKER = {
  ended: 'tenon-flow-ended',
  running: 'tenon-flow-running',
  sequence: 'tenon-flow-sequence',
} as const;
export type MarkerClass = (typeof MARKER)[keyof typeof MARKER];

export interface DiagramMarker {
  id: string;
  className: MarkerClass;
}

/** Markers of a diagram from `model-view`'s `flow` (diagram-states.ts decides each element's state). */
export function diagramMarkers(flow: FlowModelView['flow']): DiagramMarker[] {
  const classes = { ended: MARKER.ended, running: MARKER.running, sequence: MARKER.sequence } as const;
  return [...activityStates(flow)].map(([id, state]) => ({ id, className: classes[state] }));
}

/** Theme colours the marker classes use, as custom properties on the diagram's container. */
export interface MarkerColours {
  success: string;
  successBg: string;
  primary: string;
  primaryBg: string;
  warning: string;
}

export const markerStyle = (colours: MarkerColours): Record<string, string> => ({
  '--tenon-flow-success': colours.success,
  '--tenon-flow-success-bg': colours.successBg,
  '--tenon-flow-primary': colours.primary,
  '--tenon-flow-primary-bg': colours.primaryBg,
  '--tenon-flow-warning': colours.warning,
});

/** bpmn-js draws a shape's outline as the first child of `.djs-visual`, a connection as its path. */
export const FLOW_DIAGRAM_CSS = `
.tenon-flow-diagram { position: relative; height: 420px; border: 1px solid var(--ant-color-border-secondary, #f0f0f0); border-radius: 6px; background: #fff; }
.tenon-flow-diagram .tenon-flow-canvas { position: absolute; inset: 0; }
.tenon-flow-diagram .tenon-flow-diagram-state { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }
.tenon-flow-diagram .djs-element.${MARKER.ended} .djs-visual > :first-child { stroke: var(--tenon-flow-success) !important; fill: var(--tenon-flow-success-bg) !important; }
.tenon-flow-diagram .djs-element.${MARKER.running} .djs-visual > :first-child { stroke: var(--tenon-flow-primary) !important; fill: var(--tenon-flow-primary-bg) !important; }
.tenon-flow-diagram .djs-connection.${MARKER.sequence} .djs-visual > path { stroke: var(--tenon-flow-warning) !important; }
`;
