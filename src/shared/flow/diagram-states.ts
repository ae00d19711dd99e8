/**
 * Spec §4 process-node styling, shared by the console's viewer (bpmn-js markers) and the server's diagram image
 * (`process/diagram-view`): an activity that ended is *success*, one still running *primary*, a sequence flow taken
 * *warning*; elements the process has not reached get no style.
 */
export type ActivityState = 'ended' | 'running' | 'sequence';

export interface VisitedActivity {
  historyActivityId: string;
  historyActivityType: string;
  endTime: string;
}

/** An element visited twice (a task done, then reached again after a rejection) runs while any visit is open. */
export function activityStates(flow: readonly VisitedActivity[]): Map<string, ActivityState> {
  const states = new Map<string, ActivityState>();
  for (const activity of flow) {
    const id = activity.historyActivityId;
    if (!id) continue;
    if (activity.historyActivityType === 'sequenceFlow') states.set(id, 'sequence');
    else if (states.get(id) !== 'running') states.set(id, activity.endTime ? 'ended' : 'running');
  }
  return states;
}
