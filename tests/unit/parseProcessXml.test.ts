import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/apiError.js';
import { parseProcessXml } from '../../src/server/workflow/bpmn/parseProcessXml.js';
import { processXml, twoStepXml } from '../api/support/workflowModels.js';

async function refusal(xml: string): Promise<ApiError> {
  try {
    await parseProcessXml(xml);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the file was accepted');
}

const approval = (extra: Partial<Parameters<typeof processXml>[0]> = {}) =>
  processXml({
    key: 'expense',
    name: '报销',
    tasks: [{ id: 'check', name: '审核', assigneeType: 'user', assignee: '1001' }],
    flows: [
      { from: 'start', to: 'check' },
      { from: 'check', to: 'end' },
    ],
    ...extra,
  });

describe('parseProcessXml (contract 14 §2)', () => {
  it('reads the process key, name, start form, user tasks with their rsc settings and the flows with conditions', async () => {
    const xml = processXml({
      key: 'leave',
      name: '请假流程',
      formKey: 'leaveForm',
      tasks: [
        { id: 'deptLeaderApprove', name: '部门负责人审批', assigneeType: 'deptLeader', dueHours: 8 },
        {
          id: 'adminApprove',
          name: '管理员审批',
          assigneeType: 'role',
          assignee: '11,12',
          multiInstance: 'parallel',
          completionCondition: 'ratio:0.5',
          buttons: 'flow_pass,flow_reject,flow_rollback',
        },
      ],
      extra: '<bpmn:exclusiveGateway id="gw" default="toAdmin" />',
      flows: [
        { from: 'start', to: 'deptLeaderApprove' },
        { from: 'deptLeaderApprove', to: 'gw' },
        { from: 'gw', to: 'adminApprove', id: 'toAdmin' },
        { from: 'gw', to: 'end', condition: '${!pass}', id: 'rejected' },
        { from: 'adminApprove', to: 'end' },
      ],
    });
    const summary = await parseProcessXml(xml);
    expect(summary).toMatchObject({ processKey: 'leave', name: '请假流程', formKey: 'leaveForm' });
    const leader = summary.nodes.find((node) => node.id === 'deptLeaderApprove');
    expect(leader).toMatchObject({ type: 'bpmn:UserTask', name: '部门负责人审批' });
    expect(leader?.userTask).toEqual({
      assigneeType: 'deptLeader',
      assignee: '',
      candidateGroups: '',
      multiInstance: 'none',
      completionCondition: 'all',
      formReadonly: false,
      buttons: ['flow_pass', 'flow_reject'],
      dueHours: 8,
      remindHours: 24,
    });
    expect(summary.nodes.find((node) => node.id === 'adminApprove')?.userTask).toMatchObject({
      assigneeType: 'role',
      assignee: '11,12',
      multiInstance: 'parallel',
      completionCondition: 'ratio:0.5',
      buttons: ['flow_pass', 'flow_reject', 'flow_rollback'],
    });
    expect(summary.nodes.find((node) => node.id === 'gw')).toMatchObject({ type: 'bpmn:ExclusiveGateway', defaultFlow: 'toAdmin' });
    expect(summary.flows.find((flow) => flow.id === 'rejected')).toEqual({
      id: 'rejected',
      name: '',
      sourceRef: 'gw',
      targetRef: 'end',
      condition: '${!pass}',
    });
    expect(summary.flows).toHaveLength(5);
  });

  it('reads timers: an intermediate catch event and a boundary timer on a user task', async () => {
    const xml = processXml({
      key: 'timed',
      name: '定时',
      tasks: [{ id: 'check', name: '审核', assigneeType: 'initiator' }],
      extra: `<bpmn:intermediateCatchEvent id="wait" name="等待"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
        <bpmn:boundaryEvent id="late" name="超时" attachedToRef="check"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">P1D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>`,
      flows: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'check' },
        { from: 'check', to: 'end' },
        { from: 'late', to: 'end' },
      ],
    });
    const summary = await parseProcessXml(xml);
    expect(summary.nodes.find((node) => node.id === 'wait')).toMatchObject({ type: 'bpmn:IntermediateCatchEvent', timerDuration: 'PT2H' });
    expect(summary.nodes.find((node) => node.id === 'late')).toMatchObject({ attachedToRef: 'check', timerDuration: 'P1D', cancelActivity: true });
  });

  it('takes a two-step approval as the designer draws it', async () => {
    const summary = await parseProcessXml(twoStepXml('twoStep', '1', '2,3'));
    expect(summary.nodes.map((node) => node.id)).toEqual(['start', 'first', 'second', 'end']);
  });

  it('refuses a script or service task, naming the element', async () => {
    const xml = approval({
      extra: '<bpmn:scriptTask id="evil" name="脚本" scriptFormat="javascript"><bpmn:script>process.exit()</bpmn:script></bpmn:scriptTask>',
    });
    const error = await refusal(xml);
    expect(error.status).toBe(400);
    expect(error.text.zh).toContain('不支持的元素「脚本（evil）」');
    expect(error.text.en).toContain('ScriptTask');
    expect((await refusal(approval({ extra: '<bpmn:serviceTask id="svc" />' }))).text.zh).toContain('svc');
  });

  it('refuses a user task without rsc:assigneeType, or with a user list that is not ids', async () => {
    const xml = approval().replace('rsc:assigneeType="user" ', '');
    expect((await refusal(xml)).text.zh).toContain('须设置办理人类型');
    expect((await refusal(approval().replace('rsc:assignee="1001"', 'rsc:assignee="bob"'))).text.zh).toContain('须选择办理人');
  });

  it('refuses a condition that does not parse, naming the flow', async () => {
    const xml = approval({
      flows: [
        { from: 'start', to: 'check' },
        { from: 'check', to: 'end', condition: '${require("fs")}', id: 'toEnd' },
      ],
    });
    const error = await refusal(xml);
    expect(error.text.zh).toContain('连线「toEnd」');
    expect(error.text.zh).toContain('函数调用');
  });

  it('refuses a flow to nowhere', async () => {
    const xml = approval({
      flows: [
        { from: 'start', to: 'check' },
        { from: 'check', to: 'nowhere' },
      ],
    });
    expect((await refusal(xml)).text.zh).toMatch(/nowhere|没有连接/);
  });

  it('refuses unparsable XML, unknown elements, no or two executable processes, an oversized file', async () => {
    expect((await refusal('<bpmn:definitions')).text.zh).toContain('无法解析');
    expect((await refusal(approval({ extra: '<bpmn:madeUp id="x" />' }))).text.zh).toContain('无法识别');
    expect((await refusal(approval().replace('isExecutable="true"', 'isExecutable="false"'))).text.zh).toContain('恰好包含一个可执行流程');
    const twoProcesses = approval().replace('</bpmn:definitions>', '<bpmn:process id="other" isExecutable="true" /></bpmn:definitions>');
    expect((await refusal(twoProcesses)).text.zh).toContain('恰好包含一个可执行流程');
    expect((await refusal(approval({ extra: `<!--${'x'.repeat(2 * 1024 * 1024)}-->` }))).text.zh).toContain('2 MB');
  });

  it('refuses, before parsing, a DOCTYPE, more than 5,000 tags and nesting deeper than 50', async () => {
    const doctype = approval().replace('<bpmn:definitions', '<!DOCTYPE x [<!ENTITY e "boom">]>\n<bpmn:definitions');
    expect((await refusal(doctype)).text.zh).toBe('流程文件有误：不允许 DOCTYPE 或实体声明');
    const manyTags = approval({ extra: '<bpmn:documentation>x</bpmn:documentation>'.repeat(5001) });
    expect((await refusal(manyTags)).text.en).toBe('The process file is invalid: it has more than 5000 tags');
    // 1.5 MB of nesting: refused by the scan (moddle would take seconds to build it).
    const levels = 215_000;
    const deep = approval({ extra: `${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}` });
    expect(Buffer.byteLength(deep)).toBeGreaterThan(1.5 * 1000 * 1000);
    expect((await refusal(deep)).text.zh).toBe('流程文件有误：嵌套超过 50 层');
    // Comments, CDATA and a quoted '>' are no tags; a self-closing tag opens no level.
    const quiet = approval({ extra: '<!-- <a><a> --><bpmn:textAnnotation id="n"><bpmn:text><![CDATA[<a><a>]]></bpmn:text></bpmn:textAnnotation>' }).replace(
      'name="审核"',
      'name="a &gt; b > c"',
    );
    expect((await parseProcessXml(quiet)).nodes.find((node) => node.id === 'check')?.name).toBe('a > b > c');
  });

  it('refuses a second start event', async () => {
    const xml = approval({
      extra: '<bpmn:startEvent id="start2" />',
      flows: [
        { from: 'start', to: 'check' },
        { from: 'start2', to: 'check' },
        { from: 'check', to: 'end' },
      ],
    });
    expect((await refusal(xml)).text.zh).toContain('只能有一个开始事件');
  });

  it('refuses more than 500 elements', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `<bpmn:textAnnotation id="note${i}" />`).join('');
    expect((await refusal(approval({ extra: many }))).text.zh).toContain('500');
  });

  it('refuses a bad process key and a timer without an ISO 8601 duration', async () => {
    expect((await refusal(approval({ key: 'k'.repeat(70) }))).text.zh).toContain('流程标识');
    const timer = approval({
      extra:
        '<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>soon</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
      flows: [
        { from: 'start', to: 'wait' },
        { from: 'wait', to: 'check' },
        { from: 'check', to: 'end' },
      ],
    });
    expect((await refusal(timer)).text.zh).toContain('ISO 8601');
  });
});
