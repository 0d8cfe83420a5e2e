/**
 * BPMN files for the workflow tests, written as the designer writes them (contract 14 §2): a process of
 * user tasks joined by flows, with the rsc: attributes. No diagram interchange — the runtime reads none.
 */
export interface TestUserTask {
  id: string;
  name: string;
  assigneeType: string;
  assignee?: string;
  candidateGroups?: string;
  multiInstance?: 'parallel' | 'sequential';
  completionCondition?: string;
  dueHours?: number;
  remindHours?: number;
  buttons?: string;
  formKey?: string;
  formReadonly?: boolean;
}

export interface TestFlow {
  from: string;
  to: string;
  condition?: string;
  id?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function userTaskXml(task: TestUserTask): string {
  const attributes = [
    `id="${task.id}"`,
    `name="${escape(task.name)}"`,
    `rsc:assigneeType="${task.assigneeType}"`,
    task.assignee !== undefined ? `rsc:assignee="${escape(task.assignee)}"` : '',
    task.candidateGroups ? `rsc:candidateGroups="${task.candidateGroups}"` : '',
    task.multiInstance ? `rsc:multiInstance="${task.multiInstance}"` : '',
    task.completionCondition ? `rsc:completionCondition="${task.completionCondition}"` : '',
    task.dueHours !== undefined ? `rsc:dueHours="${task.dueHours}"` : '',
    task.remindHours !== undefined ? `rsc:remindHours="${task.remindHours}"` : '',
    task.buttons ? `rsc:buttons="${task.buttons}"` : '',
    task.formKey ? `rsc:formKey="${task.formKey}"` : '',
    task.formReadonly ? 'rsc:formReadonly="true"' : '',
  ].filter(Boolean);
  const loop = task.multiInstance ? `<bpmn:multiInstanceLoopCharacteristics isSequential="${task.multiInstance === 'sequential'}" />` : '';
  return `<bpmn:userTask ${attributes.join(' ')}>${loop}</bpmn:userTask>`;
}

function flowXml(flow: TestFlow, index: number): string {
  const id = flow.id ?? `flow_${index}`;
  const condition = flow.condition ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escape(flow.condition)}</bpmn:conditionExpression>` : '';
  return `<bpmn:sequenceFlow id="${id}" sourceRef="${flow.from}" targetRef="${flow.to}">${condition}</bpmn:sequenceFlow>`;
}

/** A whole definitions file; `extra` is raw XML put inside the process (gateways, events, timers). */
export function processXml(options: { key: string; name: string; tasks: TestUserTask[]; flows: TestFlow[]; extra?: string; formKey?: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:rsc="http://reservoir-safety-console/schema/bpmn" id="Definitions_${options.key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${options.key}" name="${escape(options.name)}" isExecutable="true"${options.formKey ? ` rsc:formKey="${options.formKey}"` : ''}>
    <bpmn:startEvent id="start" name="开始" />
    ${options.tasks.map(userTaskXml).join('\n    ')}
    ${options.extra ?? ''}
    <bpmn:endEvent id="end" name="结束" />
    ${options.flows.map(flowXml).join('\n    ')}
  </bpmn:process>
</bpmn:definitions>`;
}

/** start → first → second → end, each task assigned to the given users (one id: assigned; several: candidates). */
export function twoStepXml(key: string, firstUsers: string, secondUsers: string): string {
  return processXml({
    key,
    name: '两级审批',
    tasks: [
      { id: 'first', name: '一级审批', assigneeType: 'user', assignee: firstUsers },
      { id: 'second', name: '二级审批', assigneeType: 'user', assignee: secondUsers },
    ],
    flows: [
      { from: 'start', to: 'first' },
      { from: 'first', to: 'second' },
      { from: 'second', to: 'end' },
    ],
  });
}
