// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { businessOf, businessOfTable, processRoutes, type FlowCategory } from '../../../src/client/api/flow.ts';
import { diagramMarkers, MARKER, markerStyle } from '../../../src/desktop/pages/flow/flow-markers.ts';
import { describeRoute, processRouteLabel } from '../../../src/desktop/router/route-table.ts';

const activity = (historyActivityId: string, historyActivityType: string, endTime = '') => ({
  historyActivityId,
  historyActivityType,
  endTime,
});

describe('process-node styling (spec §4)', () => {
  it('styles ended activities success, running ones primary, taken flows warning, and leaves the rest alone', () => {
    const markers = diagramMarkers([
      activity('start', 'startEvent', '2026-11-20 09:00:00'),
      activity('toManager', 'sequenceFlow', '2026-11-20 09:00:00'),
      activity('managerApproval', 'userTask'),
    ]);
    expect(markers).toEqual([
      { id: 'start', className: MARKER.ended },
      { id: 'toManager', className: MARKER.sequence },
      { id: 'managerApproval', className: MARKER.running },
    ]);
    expect(markers.some((m) => m.id === 'hrApproval')).toBe(false);
  });

  it('keeps a step visited again (after a rejection) running while one of its visits is open, in either order', () => {
    const ended = activity('managerApproval', 'userTask', '2026-11-20 10:00:00');
    const open = activity('managerApproval', 'userTask');
    expect(diagramMarkers([ended, open])).toEqual([{ id: 'managerApproval', className: MARKER.running }]);
    expect(diagramMarkers([open, ended])).toEqual([{ id: 'managerApproval', className: MARKER.running }]);
    expect(diagramMarkers([ended, ended])).toEqual([{ id: 'managerApproval', className: MARKER.ended }]);
  });

  it('styles a sequence flow warning whether or not it has an end time, and skips rows without an element id', () => {
    expect(diagramMarkers([activity('f1', 'sequenceFlow'), activity('', 'userTask')])).toEqual([
      { id: 'f1', className: MARKER.sequence },
    ]);
    expect(diagramMarkers([])).toEqual([]);
  });

  it('gives the marker classes the theme colours as custom properties', () => {
    expect(
      markerStyle({
        success: '#52c41a',
        successBg: '#f6ffed',
        primary: '#409EFF',
        primaryBg: '#e6f4ff',
        warning: '#faad14',
      }),
    ).toEqual({
      '--tenon-flow-success': '#52c41a',
      '--tenon-flow-success-bg': '#f6ffed',
      '--tenon-flow-primary': '#409EFF',
      '--tenon-flow-primary-bg': '#e6f4ff',
      '--tenon-flow-warning': '#faad14',
    });
  });
});

describe('business routing (contract flow.md §2, spec §2)', () => {
  const dict = [
    { dictKey: '1', dictValue: '请假流程', remark: 'leave' },
    { dictKey: '2', dictValue: '资金审批流程', remark: ' finance ' },
    { dictKey: '3', dictValue: '其他', remark: '' },
  ] as FlowCategory[];

  it('routes a category by the flow dictionary remark, and a row by its business table when the category is not routed', () => {
    expect(businessOf(dict, '1')).toBe('leave');
    expect(businessOf(dict, '2')).toBe('finance');
    expect(businessOf(dict, '3')).toBeUndefined();
    expect(businessOf(undefined, '1')).toBeUndefined();
    expect(businessOfTable('blade_process_finance')).toBe('finance');
    expect(businessOfTable('other')).toBeUndefined();
  });

  it('builds the spec routes and labels their tabs', () => {
    const handle = processRoutes.handle('leave', { taskId: '11', processInstanceId: '22', businessId: '33' });
    expect(handle).toBe('/work/process/leave/handle/11/22/33');
    expect(processRoutes.detail('finance', { processInstanceId: '22', businessId: '33' })).toBe(
      '/work/process/finance/detail/22/33',
    );
    expect(processRoutes.form('leave', 'Leave:1:9')).toBe('/work/process/leave/form/Leave%3A1%3A9');
    expect(processRouteLabel(handle)).toBe('flow.route.leaveHandle');
    expect(processRouteLabel('/work/process/finance/detail/22/33')).toBe('flow.route.financeDetail');
    expect(processRouteLabel('/work/process/leave/form/Leave%3A1%3A9')).toBe('flow.route.leaveForm');
    // Any kind is routed (its page checks it); one without page titles gets no tab.
    expect(describeRoute('/work/process/other/form/1', [], (key) => key)).toBeUndefined();
    expect(processRouteLabel('/work/process/leave/handle/1/2')).toBeUndefined();
  });
});
