import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowModelView } from '../../../client/api/flow.ts';
import { diagramMarkers, FLOW_DIAGRAM_CSS, markerStyle } from './flow-markers.ts';

type State = 'loading' | 'shown' | 'failed';

/**
 * A process diagram in view mode with the spec's node styling. bpmn-js arrives in its own chunk the first time a
 * diagram is shown.
 */
export function FlowDiagram({ view, height }: { view: FlowModelView; height?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  const markers = useMemo(() => diagramMarkers(view.flow), [view.flow]);

  useEffect(() => {
    const element = container.current;
    if (!element || !view.xml) {
      setState('failed');
      return undefined;
    }
    let cancelled = false;
    let shown: { destroy(): void } | undefined;
    setState('loading');
    import('./bpmn-viewer.ts')
      .then(({ showDiagram }) => showDiagram(element, view.xml, markers))
      .then((diagram) => {
        if (cancelled) diagram.destroy();
        else {
          shown = diagram;
          setState('shown');
        }
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      shown?.destroy();
    };
  }, [view.xml, markers]);

  const colours = markerStyle({
    success: token.colorSuccess,
    successBg: token.colorSuccessBg,
    primary: token.colorPrimary,
    primaryBg: token.colorPrimaryBg,
    warning: token.colorWarning,
  });
  return (
    <div className="tenon-flow-diagram" style={{ ...colours, ...(height ? { height } : {}) }} data-state={state}>
      <style>{FLOW_DIAGRAM_CSS}</style>
      <div ref={container} className="tenon-flow-canvas" />
      {state === 'loading' && (
        <div className="tenon-flow-diagram-state">
          <Spin />
        </div>
      )}
      {state === 'failed' && (
        <div className="tenon-flow-diagram-state">
          <Alert type="warning" showIcon title={t('flow.diagram.failed')} />
        </div>
      )}
    </div>
  );
}
