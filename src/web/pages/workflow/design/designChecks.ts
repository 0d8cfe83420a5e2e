/**
 * What the designer checks before sending a model (the server checks it all again and answers 400 with its own
 * message): a process key of the right form, a name, and on every user task an assignee type and, where the type
 * needs one, the assignee. Answers the i18n key and values of the first problem, or undefined.
 */
import type { DesignerModeler } from './designerModeler';
import { isProcessKey } from './processXml';
import { needsAssignee, readUserTask } from './taskSettings';

export interface DesignProblem {
  key: string;
  values?: Record<string, string>;
  /** The element to select so the user sees what is meant. */
  elementId?: string;
}

export function firstDesignProblem(designer: DesignerModeler): DesignProblem | undefined {
  const process = designer.process().businessObject;
  if (!process.id) return { key: 'workflowDesign.designer.needKey' };
  if (!isProcessKey(process.id)) return { key: 'workflowDesign.designer.badKey' };
  if (!process.name?.trim()) return { key: 'workflowDesign.designer.needName' };
  for (const task of designer.elementsOf('bpmn:UserTask')) {
    const settings = readUserTask(task.businessObject);
    const name = task.businessObject.name || task.id;
    if (!settings.assigneeType) return { key: 'workflowDesign.designer.noAssigneeType', values: { name }, elementId: task.id };
    if (needsAssignee(settings.assigneeType) && settings.assignee === '')
      return { key: 'workflowDesign.designer.noAssignee', values: { name }, elementId: task.id };
  }
  return undefined;
}
