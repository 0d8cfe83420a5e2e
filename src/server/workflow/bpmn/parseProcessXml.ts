/**
 * Reads a BPMN file of the designer (contract 14 §2) into a summary the server works with: the process
 * key and name, its nodes (user tasks with their `rsc:` settings) and its flows (with conditions).
 *
 * It is also the gate of what may be deployed: only the elements the runtime supports, one executable
 * process, every user task saying who does it, every condition parsing, every flow going somewhere.
 * No script or service task passes — no server-side code runs from a model, ever.
 */
import { badRequest } from '../../http/apiError.js';
import { parseCondition } from './conditions.js';
import { RSC_URI, rscModdlePackage } from './rscModdle.js';
import { xmlShapeProblem } from './xmlShape.js';

export interface UserTaskConfig {
  assigneeType: string;
  assignee: string;
  candidateGroups: string;
  multiInstance: 'none' | 'parallel' | 'sequential';
  completionCondition: string;
  formKey?: string;
  formReadonly: boolean;
  buttons: string[];
  dueHours?: number;
  remindHours?: number;
}
export interface ProcessNode {
  id: string;
  name: string;
  type: string;
  userTask?: UserTaskConfig;
  /** A timer (intermediate catch or boundary): its ISO 8601 duration. */
  timerDuration?: string;
  /** A boundary event: the user task it is attached to, and whether it interrupts it. */
  attachedToRef?: string;
  cancelActivity?: boolean;
  /** A gateway's default flow. */
  defaultFlow?: string;
  /** An end event that terminates the whole process. */
  terminate?: boolean;
}
export interface ProcessFlow {
  id: string;
  name: string;
  sourceRef: string;
  targetRef: string;
  condition?: string;
}
export interface ProcessSummary {
  processKey: string;
  name: string;
  formKey?: string;
  nodes: ProcessNode[];
  flows: ProcessFlow[];
}

export const MAX_XML_BYTES = 2 * 1024 * 1024;
export const MAX_ELEMENTS = 500;
export const PROCESS_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

export const ASSIGNEE_TYPES = ['user', 'role', 'dept', 'deptLeader', 'initiator', 'expression'] as const;
const MULTI_INSTANCE = ['none', 'parallel', 'sequential'] as const;
const DEFAULT_BUTTONS = ['flow_pass', 'flow_reject'];
/** ISO 8601 durations as bpmn-elements reads them (P1D, PT2H, PT30M, P1DT12H …). */
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const ID_LIST = /^\s*\d{1,19}\s*(,\s*\d{1,19}\s*)*$/;
const GROUP_LIST = /^\s*(role|dept):\d{1,19}\s*(,\s*(role|dept):\d{1,19}\s*)*$/;

/** A moddle element, as bpmn-moddle builds it (untyped package: the fields we read). */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  [key: string]: unknown;
}
export interface ModdleContext {
  rootElement: ModdleElement;
  elementsById: Record<string, ModdleElement>;
  references: unknown[];
  warnings: { message: string }[];
}
interface ModdleInstance {
  fromXML(xml: string, type?: string): Promise<ModdleContext>;
}

// bpmn-moddle ships no type declarations; it is loaded by name so its module is typed by the interface above.
const moddleModuleName = 'bpmn-moddle';
let moddleClass: Promise<new (packages: Record<string, unknown>) => ModdleInstance> | undefined;
async function newModdle(): Promise<ModdleInstance> {
  moddleClass ??= import(moddleModuleName).then((module) => module.default);
  const BpmnModdle = await moddleClass;
  return new BpmnModdle({ rsc: rscModdlePackage });
}

const refuse = (zh: string, en: string) => badRequest(`流程文件有误：${zh}`, `The process file is invalid: ${en}`);

const labelOf = (element: ModdleElement) => (element.name ? `${element.name}（${element.id}）` : String(element.id ?? element.$type));
const labelOfEn = (element: ModdleElement) => (element.name ? `${element.name} (${element.id})` : String(element.id ?? element.$type));
const typeName = (type: string) => type.replace(/^bpmn:/, '');
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Parses the XML with the rsc extension; unparsable content and unresolved references are refusals, not warnings. */
export async function readModdle(xml: string): Promise<ModdleContext> {
  if (typeof xml !== 'string' || xml.trim() === '') throw refuse('内容为空', 'it is empty');
  if (Buffer.byteLength(xml, 'utf8') > MAX_XML_BYTES) throw refuse('超过 2 MB', 'it is larger than 2 MB');
  // Before moddle builds anything: its parse is synchronous and costly on deep or countless elements.
  const problem = xmlShapeProblem(xml);
  if (problem) throw refuse(problem.zh, problem.en);
  const moddle = await newModdle();
  let context: ModdleContext;
  try {
    context = await moddle.fromXML(xml, 'bpmn:Definitions');
  } catch (error) {
    throw refuse(`无法解析 XML（${firstLine((error as Error).message)}）`, `the XML does not parse (${firstLine((error as Error).message)})`);
  }
  const warning = context.warnings[0];
  if (warning) throw refuse(`无法识别的内容（${firstLine(warning.message)}）`, `unrecognised content (${firstLine(warning.message)})`);
  return context;
}

const firstLine = (message: string) => message.split('\n')[0].slice(0, 200);

/** The one executable process of the definitions. */
export function executableProcess(context: ModdleContext): ModdleElement {
  const roots = (context.rootElement.rootElements as ModdleElement[] | undefined) ?? [];
  const processes = roots.filter((element) => element.$type === 'bpmn:Process');
  const executable = processes.filter((element) => element.isExecutable === true);
  if (processes.length !== 1 || executable.length !== 1)
    throw refuse(
      `必须恰好包含一个可执行流程（isExecutable="true"），实际 ${executable.length} 个`,
      `it must hold exactly one executable process (isExecutable="true"), it holds ${executable.length}`,
    );
  return executable[0];
}

export async function parseProcessXml(xml: string): Promise<ProcessSummary> {
  const context = await readModdle(xml);
  const process = executableProcess(context);
  const processKey = text(process.id);
  if (!PROCESS_KEY_PATTERN.test(processKey))
    throw refuse(
      `流程标识「${processKey.slice(0, 80)}」须以字母或下划线开头，由字母、数字、_、- 组成，最多 64 个字符`,
      `the process id "${processKey.slice(0, 80)}" must start with a letter or underscore and hold letters, digits, _ and - (at most 64)`,
    );
  const elements = (process.flowElements as ModdleElement[] | undefined) ?? [];
  const artifacts = (process.artifacts as ModdleElement[] | undefined) ?? [];
  if (elements.length + artifacts.length > MAX_ELEMENTS) throw refuse(`元素超过 ${MAX_ELEMENTS} 个`, `it has more than ${MAX_ELEMENTS} elements`);

  const nodes: ProcessNode[] = [];
  const flows: ProcessFlow[] = [];
  for (const element of elements) {
    if (element.$type === 'bpmn:SequenceFlow') flows.push(flowOf(element));
    else nodes.push(nodeOf(element));
  }
  checkGraph(nodes, flows);
  const formKey = text(process.formKey);
  return { processKey, name: text(process.name) || processKey, ...(formKey ? { formKey } : {}), nodes, flows };
}

function flowOf(element: ModdleElement): ProcessFlow {
  const source = element.sourceRef as ModdleElement | undefined;
  const target = element.targetRef as ModdleElement | undefined;
  if (!source?.id || !target?.id)
    throw refuse(`连线「${labelOf(element)}」没有连接起点和终点`, `the flow "${labelOfEn(element)}" does not connect a source and a target`);
  const expression = element.conditionExpression as ModdleElement | undefined;
  const body = text(expression?.body);
  if (body) {
    try {
      parseCondition(body);
    } catch (error) {
      const message = (error as { text?: { zh: string; en: string } }).text;
      throw refuse(`连线「${labelOf(element)}」的${message?.zh ?? '条件有误'}`, `the flow "${labelOfEn(element)}": ${message?.en ?? 'bad condition'}`);
    }
  }
  return { id: String(element.id), name: text(element.name), sourceRef: source.id, targetRef: target.id, ...(body ? { condition: body } : {}) };
}

const unsupported = (element: ModdleElement, what?: string) =>
  refuse(
    `不支持的元素「${labelOf(element)}」（${what ?? typeName(element.$type)}）`,
    `the element "${labelOfEn(element)}" is not supported (${what ?? typeName(element.$type)})`,
  );

function eventDefinitionsOf(element: ModdleElement): ModdleElement[] {
  return (element.eventDefinitions as ModdleElement[] | undefined) ?? [];
}

function nodeOf(element: ModdleElement): ProcessNode {
  const base = { id: String(element.id), name: text(element.name) || String(element.id), type: element.$type };
  if (element.loopCharacteristics && element.$type !== 'bpmn:UserTask') throw unsupported(element, 'loop');
  const definitions = eventDefinitionsOf(element);
  switch (element.$type) {
    case 'bpmn:StartEvent':
      if (definitions.length) throw unsupported(element, `StartEvent ${typeName(definitions[0].$type)}`);
      return base;
    case 'bpmn:EndEvent':
      if (definitions.length > 1 || (definitions[0] && definitions[0].$type !== 'bpmn:TerminateEventDefinition'))
        throw unsupported(element, `EndEvent ${typeName(definitions[0].$type)}`);
      return definitions.length ? { ...base, terminate: true } : base;
    case 'bpmn:UserTask':
      return { ...base, userTask: userTaskOf(element) };
    case 'bpmn:ExclusiveGateway':
    case 'bpmn:InclusiveGateway': {
      const defaultFlow = (element.default as ModdleElement | undefined)?.id;
      return defaultFlow ? { ...base, defaultFlow } : base;
    }
    case 'bpmn:ParallelGateway':
      return base;
    case 'bpmn:IntermediateCatchEvent':
      return { ...base, timerDuration: timerOf(element) };
    case 'bpmn:BoundaryEvent': {
      const attached = element.attachedToRef as ModdleElement | undefined;
      if (attached?.$type !== 'bpmn:UserTask')
        throw refuse(`边界事件「${labelOf(element)}」只能附在用户任务上`, `the boundary event "${labelOfEn(element)}" must be attached to a user task`);
      return { ...base, timerDuration: timerOf(element), attachedToRef: String(attached.id), cancelActivity: element.cancelActivity !== false };
    }
    default:
      throw unsupported(element);
  }
}

function timerOf(element: ModdleElement): string {
  const definitions = eventDefinitionsOf(element);
  const timer = definitions[0];
  if (definitions.length !== 1 || timer.$type !== 'bpmn:TimerEventDefinition')
    throw unsupported(element, `${typeName(element.$type)} ${definitions.map((d) => typeName(d.$type)).join(',') || 'none'}`);
  const duration = text((timer.timeDuration as ModdleElement | undefined)?.body);
  if (!ISO_DURATION.test(duration))
    throw refuse(
      `定时事件「${labelOf(element)}」须设置 ISO 8601 时长（如 PT2H、P1D），实际「${duration.slice(0, 40)}」`,
      `the timer "${labelOfEn(element)}" needs an ISO 8601 duration (e.g. PT2H, P1D), found "${duration.slice(0, 40)}"`,
    );
  return duration;
}

function hoursOf(element: ModdleElement, name: string): number | undefined {
  const raw = text(element[name]);
  if (raw === '') return undefined;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 366)
    throw refuse(
      `用户任务「${labelOf(element)}」的 ${name} 须为 0 到 8784 之间的小时数`,
      `the user task "${labelOfEn(element)}": ${name} must be a number of hours above 0 and at most 8784`,
    );
  return hours;
}

function userTaskOf(element: ModdleElement): UserTaskConfig {
  const label = labelOf(element);
  const labelEn = labelOfEn(element);
  const assigneeType = text(element.assigneeType);
  if (!(ASSIGNEE_TYPES as readonly string[]).includes(assigneeType))
    throw refuse(
      `用户任务「${label}」须设置办理人类型（rsc:assigneeType：${ASSIGNEE_TYPES.join('、')}）`,
      `the user task "${labelEn}" needs an assignee type (rsc:assigneeType: ${ASSIGNEE_TYPES.join(', ')})`,
    );
  const assignee = text(element.assignee);
  checkAssignee(assigneeType, assignee, label, labelEn);
  const candidateGroups = text(element.candidateGroups);
  if (candidateGroups && !GROUP_LIST.test(candidateGroups))
    throw refuse(
      `用户任务「${label}」的候选组须为 role:<id> 或 dept:<id> 的逗号列表`,
      `the user task "${labelEn}": candidate groups must be a comma list of role:<id> or dept:<id>`,
    );
  const multiInstance = (text(element.multiInstance) || (element.loopCharacteristics ? loopKind(element) : 'none')) as UserTaskConfig['multiInstance'];
  if (!MULTI_INSTANCE.includes(multiInstance))
    throw refuse(
      `用户任务「${label}」的多实例须为 none、parallel 或 sequential`,
      `the user task "${labelEn}": multiInstance must be none, parallel or sequential`,
    );
  const completionCondition = text(element.completionCondition) || 'all';
  if (!/^(all|any|ratio:(0(\.\d+)?|1(\.0+)?))$/.test(completionCondition))
    throw refuse(
      `用户任务「${label}」的完成条件须为 all、any 或 ratio:<0..1>`,
      `the user task "${labelEn}": the completion condition must be all, any or ratio:<0..1>`,
    );
  const buttons = text(element.buttons)
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (buttons.some((b) => !/^[A-Za-z0-9_]{1,64}$/.test(b)) || buttons.length > 30)
    throw refuse(`用户任务「${label}」的按钮须为按钮标识的逗号列表`, `the user task "${labelEn}": buttons must be a comma list of button keys`);
  const dueHours = hoursOf(element, 'dueHours');
  const remindHours = hoursOf(element, 'remindHours') ?? (dueHours !== undefined ? 24 : undefined);
  const formKey = text(element.formKey);
  return {
    assigneeType,
    assignee,
    candidateGroups,
    multiInstance,
    completionCondition,
    ...(formKey ? { formKey } : {}),
    formReadonly: text(element.formReadonly) === 'true',
    buttons: buttons.length ? buttons : DEFAULT_BUTTONS,
    ...(dueHours !== undefined ? { dueHours } : {}),
    ...(remindHours !== undefined ? { remindHours } : {}),
  };
}

/** A standard multi-instance marker without rsc:multiInstance says which kind through isSequential. */
function loopKind(element: ModdleElement): string {
  const loop = element.loopCharacteristics as ModdleElement;
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return 'loop';
  return loop.isSequential ? 'sequential' : 'parallel';
}

function checkAssignee(type: string, assignee: string, label: string, labelEn: string): void {
  const needsIds = type === 'user' || type === 'role' || type === 'dept';
  if (needsIds && !ID_LIST.test(assignee))
    throw refuse(`用户任务「${label}」须选择办理人（${type} 的 id 列表）`, `the user task "${labelEn}" needs its assignees (a list of ${type} ids)`);
  if (type === 'expression' && !/^\$\{\s*[A-Za-z_][A-Za-z0-9_]{0,63}\s*\}$/.test(assignee))
    throw refuse(`用户任务「${label}」的办理人表达式须为 \${变量名}`, `the user task "${labelEn}": the assignee expression must be \${variableName}`);
}

/** A runnable graph: a start, an end, and every flow joining known nodes. */
function checkGraph(nodes: ProcessNode[], flows: ProcessFlow[]): void {
  const ids = new Set(nodes.map((node) => node.id));
  const starts = nodes.filter((node) => node.type === 'bpmn:StartEvent').length;
  if (starts === 0) throw refuse('缺少开始事件', 'it has no start event');
  // Every none start event would start at once: one beginning, as the designer draws it.
  if (starts > 1) throw refuse('只能有一个开始事件', 'it may have only one start event');
  if (!nodes.some((node) => node.type === 'bpmn:EndEvent')) throw refuse('缺少结束事件', 'it has no end event');
  for (const flow of flows) {
    if (!ids.has(flow.sourceRef) || !ids.has(flow.targetRef))
      throw refuse(`连线「${flow.name || flow.id}」指向不存在的节点`, `the flow "${flow.name || flow.id}" leads to no node`);
  }
  for (const node of nodes) {
    const outgoing = flows.filter((flow) => flow.sourceRef === node.id);
    if (node.type !== 'bpmn:EndEvent' && outgoing.length === 0)
      throw refuse(`节点「${node.name}」没有流出的连线`, `the node "${node.name}" has no outgoing flow`);
    if (node.type !== 'bpmn:StartEvent' && node.type !== 'bpmn:BoundaryEvent' && !flows.some((flow) => flow.targetRef === node.id))
      throw refuse(`节点「${node.name}」没有流入的连线`, `the node "${node.name}" has no incoming flow`);
  }
}

export { RSC_URI };
