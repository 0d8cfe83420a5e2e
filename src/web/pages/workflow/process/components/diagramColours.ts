/**
 * Which colour each element of a process diagram gets from the instance's history (contract 14 §6, model-view
 * `flow`): sequence flows that were taken are warning (orange), nodes whose run has ended are success (green), nodes
 * still running are primary (blue). Pure, so the rule is tested without a browser (tests/unit/workflowDiagramColours).
 */

export type DiagramColour = 'warning' | 'success' | 'primary';

/** One entry of model-view's `flow`: an activity run or a sequence flow taken. */
export interface DiagramFlowEntry {
  historyActivityId: string;
  historyActivityType?: string | null;
  endTime?: string | null;
}

/** The CSS class a colour puts on the canvas element (diagram.css styles them). */
export const COLOUR_CLASS: Record<DiagramColour, string> = {
  warning: 'process-diagram-warning',
  success: 'process-diagram-success',
  primary: 'process-diagram-primary',
};

/** The element colours themselves (Element UI's palette, as the Saber console shows them). */
export const COLOUR_VALUE: Record<DiagramColour, string> = {
  warning: '#E6A23C',
  success: '#67C23A',
  primary: '#409EFF',
};

/** `bpmn:SequenceFlow`, `sequenceFlow`: the server may send the BPMN type with or without its prefix. */
export function isSequenceFlow(type: string | null | undefined): boolean {
  return /(^|:)sequenceflow$/i.test(String(type ?? '').trim());
}

function hasEnded(entry: DiagramFlowEntry): boolean {
  return typeof entry.endTime === 'string' && entry.endTime.trim() !== '';
}

/**
 * The colour of every element the history names. A node run several times (a rollback brought the process back to
 * it) is in progress as long as one of its runs is open: what is waiting now matters more than what was done before.
 */
export function diagramColours(flow: readonly DiagramFlowEntry[]): Map<string, DiagramColour> {
  const colours = new Map<string, DiagramColour>();
  for (const entry of flow) {
    const id = String(entry.historyActivityId ?? '').trim();
    if (!id) continue;
    if (isSequenceFlow(entry.historyActivityType)) {
      colours.set(id, 'warning');
      continue;
    }
    const colour: DiagramColour = hasEnded(entry) ? 'success' : 'primary';
    if (colours.get(id) !== 'primary') colours.set(id, colour);
  }
  return colours;
}
