/**
 * The process diagram's colours (contract 14 §6): the console reads model-view's `flow` and colours taken sequence
 * flows orange (warning), ended nodes green (success) and nodes in progress blue (primary).
 */
import { describe, expect, it } from 'vitest';
import { COLOUR_CLASS, diagramColours, isSequenceFlow } from '../../src/web/pages/workflow/process/components/diagramColours';

describe('the colours of a process diagram', () => {
  it('colours a taken sequence flow warning, an ended node success and a waiting node primary', () => {
    const colours = diagramColours([
      { historyActivityId: 'start', historyActivityType: 'bpmn:StartEvent', endTime: '2026-11-26 09:00:00' },
      { historyActivityId: 'flow1', historyActivityType: 'bpmn:SequenceFlow', endTime: '2026-11-26 09:00:00' },
      { historyActivityId: 'deptLeaderApprove', historyActivityType: 'bpmn:UserTask', endTime: null },
    ]);
    expect(Object.fromEntries(colours)).toEqual({ start: 'success', flow1: 'warning', deptLeaderApprove: 'primary' });
  });

  it('colours a sequence flow warning whether its type has the bpmn prefix or not, and whatever its end time', () => {
    const colours = diagramColours([
      { historyActivityId: 'a', historyActivityType: 'sequenceFlow' },
      { historyActivityId: 'b', historyActivityType: 'bpmn:SequenceFlow', endTime: '' },
    ]);
    expect([colours.get('a'), colours.get('b')]).toEqual(['warning', 'warning']);
  });

  it('keeps a node run again after a rollback in progress, whichever run the history lists first', () => {
    const ended = { historyActivityId: 'approve', historyActivityType: 'bpmn:UserTask', endTime: '2026-11-26 09:10:00' };
    const open = { historyActivityId: 'approve', historyActivityType: 'bpmn:UserTask', endTime: null };
    expect(diagramColours([ended, open]).get('approve')).toBe('primary');
    expect(diagramColours([open, ended]).get('approve')).toBe('primary');
  });

  it('colours a node run twice and ended both times success', () => {
    const run = { historyActivityId: 'approve', historyActivityType: 'bpmn:UserTask', endTime: '2026-11-26 09:10:00' };
    expect(diagramColours([run, { ...run, endTime: '2026-11-26 09:20:00' }]).get('approve')).toBe('success');
  });

  it('leaves out entries without an element id and colours nothing for an empty history', () => {
    expect(diagramColours([{ historyActivityId: '  ', historyActivityType: 'bpmn:UserTask' }]).size).toBe(0);
    expect(diagramColours([]).size).toBe(0);
  });

  it('tells sequence flows from other elements by their type', () => {
    expect(isSequenceFlow('bpmn:SequenceFlow')).toBe(true);
    expect(isSequenceFlow('SEQUENCEFLOW')).toBe(true);
    expect(isSequenceFlow('bpmn:UserTask')).toBe(false);
    expect(isSequenceFlow('bpmn:SequenceFlowLike')).toBe(false);
    expect(isSequenceFlow(undefined)).toBe(false);
  });

  it('names one CSS class per colour', () => {
    expect(new Set(Object.values(COLOUR_CLASS)).size).toBe(3);
  });
});
