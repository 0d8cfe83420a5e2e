/** How a step of 流转记录 is named: its own name, else its kind for start and end events, else its id. */
import { describe, expect, it } from 'vitest';
import { stepName } from '../../src/web/pages/workflow/process/components/historyText';

const t = (key: string) => ({ 'workflowProcess.history.startEvent': '开始', 'workflowProcess.history.endEvent': '结束' })[key] ?? key;

describe('a history step name', () => {
  it('is the node name when the model gives one', () => {
    expect(stepName(t, { historyActivityId: 'approve', historyActivityName: '部门负责人审批', historyActivityType: 'bpmn:UserTask' })).toBe('部门负责人审批');
  });

  it('is the kind of an unnamed start or end event (a drawn end event has no name)', () => {
    expect(stepName(t, { historyActivityId: 'Event_1ayb6d3', historyActivityName: '', historyActivityType: 'bpmn:EndEvent' })).toBe('结束');
    expect(stepName(t, { historyActivityId: 'StartEvent_1', historyActivityName: null, historyActivityType: 'bpmn:StartEvent' })).toBe('开始');
  });

  it('is the id of any other unnamed node', () => {
    expect(stepName(t, { historyActivityId: 'Activity_0x', historyActivityName: '', historyActivityType: 'bpmn:UserTask' })).toBe('Activity_0x');
  });
});
