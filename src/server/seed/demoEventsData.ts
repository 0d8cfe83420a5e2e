/**
 * What the demo events say and how far each one has come (seed/demoEvents.ts
 * runs them). A script is the life of one event as its steps, each taken by a
 * demo account through the event's real transitions; its last step leaves the
 * event in the state named by the script's `status`.
 */

/** The demo accounts (demoTenants.ts) that take the steps. */
export type DemoAccount = 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

/** One step: a transition fired by an account, with its input; `handler` and `deadlineDays` are filled in when it runs. */
export interface DemoStep {
  as: DemoAccount | 'reporter';
  transition: string;
  input?: Record<string, unknown>;
  /** assign: the account the event is handed to. */
  handler?: DemoAccount;
  /** assign: the deadline as days from today (negative: overdue). */
  deadlineDays?: number;
  /** process steps: after-photos (index into the demo photos). */
  afterPhoto?: number;
}

export interface DemoScript {
  name: string;
  /** The state the event is left in. */
  status: 1 | 2 | 3 | 4 | 5 | 6;
  steps: DemoStep[];
}

const assignTo = (handler: DemoAccount, deadlineDays: number, opinion: string): DemoStep => ({
  as: 'subject_admin',
  transition: 'assign',
  handler,
  deadlineDays,
  input: { opinion },
});
const processBy = (as: DemoAccount, result: string, afterPhoto: number): DemoStep => ({
  as,
  transition: 'process',
  input: { result, opinion: '已按要求处理，请复核' },
  afterPhoto,
});

export const SCRIPTS: Record<string, DemoScript> = {
  reported: { name: 'reported', status: 1, steps: [] },
  accepted: { name: 'accepted', status: 2, steps: [{ as: 'farm_admin', transition: 'accept' }] },
  assigned: { name: 'assigned', status: 2, steps: [assignTo('inspector', 5, '请尽快到现场核实并处理')] },
  overdue: { name: 'overdue', status: 2, steps: [assignTo('inspector', -3, '汛前必须完成处理')] },
  handled: {
    name: 'handled',
    status: 3,
    steps: [assignTo('inspector', 7, '请组织人员处理'), processBy('inspector', '已清理并修复，现场恢复正常', 1)],
  },
  onTheSpot: {
    name: 'onTheSpot',
    status: 3,
    steps: [{ as: 'farm_admin', transition: 'discretion', input: { result: '现场组织人员当即处置完毕', opinion: '现场处置' }, afterPhoto: 2 }],
  },
  completed: {
    name: 'completed',
    status: 4,
    steps: [
      assignTo('inspector', 7, '请组织人员处理'),
      processBy('inspector', '已按规范修复，复查无异常', 1),
      { as: 'subject_admin', transition: 'audit', input: { auditStatus: 4, opinion: '经复核，处理到位，同意办结' } },
    ],
  },
  redone: {
    name: 'redone',
    status: 4,
    steps: [
      assignTo('inspector', 10, '请组织人员处理'),
      processBy('inspector', '已做临时处理', 2),
      { as: 'subject_admin', transition: 'audit', input: { auditStatus: 2, opinion: '仅做临时处理，请彻底整改后再提交' } },
      processBy('inspector', '已彻底整改，附整改后照片', 1),
      { as: 'river_chief', transition: 'chiefApprove', input: { auditStatus: 4, opinion: '整改到位，同意销号' } },
    ],
  },
  closed: { name: 'closed', status: 4, steps: [{ as: 'river_chief', transition: 'chiefClose', input: { opinion: '经现场核实已整改到位，予以销号' } }] },
  sentBack: {
    name: 'sentBack',
    status: 5,
    steps: [{ as: 'farm_admin', transition: 'sendBack', input: { opinion: '描述不清，无法定位问题，请补充后重新上报' } }],
  },
  withdrawn: { name: 'withdrawn', status: 6, steps: [{ as: 'reporter', transition: 'withdrawl', input: { opinion: '重复上报，撤回' } }] },
  aiCorrected: {
    name: 'aiCorrected',
    status: 4,
    steps: [{ as: 'farm_admin', transition: 'aiCorrect', input: { opinion: '经查看现场视频为误报（水面反光）' } }],
  },
};

/** The scripts given, in turn, to the events raised from abnormal inspection items (most recent first). */
export const INSPECTION_SCRIPTS: DemoScript[] = [
  SCRIPTS.reported,
  SCRIPTS.handled,
  SCRIPTS.completed,
  SCRIPTS.overdue,
  SCRIPTS.redone,
  SCRIPTS.assigned,
  SCRIPTS.completed,
  SCRIPTS.reported,
];

/** Events reported by hand (not from a record): who reports, from which source, what, and how far it comes. */
export interface DemoReport {
  reporter: DemoAccount;
  source: 4 | 5 | 6;
  eventType: number;
  level: 1 | 2 | 3;
  damPart?: number;
  title: string;
  description: string;
  location?: string;
  reporterPhone?: string;
  script: DemoScript;
}

/** Between them the reports reach every state, whatever the tenant's inspections found. */
export const REPORTS: DemoReport[] = [
  {
    reporter: 'river_chief',
    source: 6,
    eventType: 6,
    level: 1,
    damPart: 2,
    title: '迎水坡护坡局部浪蚀',
    description: '巡河发现迎水坡近水位线处护坡块石松动、局部浪蚀，需修复。',
    location: '迎水坡左岸段',
    script: SCRIPTS.reported,
  },
  {
    reporter: 'inspector',
    source: 6,
    eventType: 99,
    level: 1,
    title: '发现问题',
    description: '有问题。',
    script: SCRIPTS.sentBack,
  },
  {
    reporter: 'river_chief',
    source: 6,
    eventType: 11,
    level: 2,
    damPart: 5,
    title: '溢洪道有拦鱼网阻水',
    description: '巡河发现溢洪道进口处设有拦鱼网，汛期影响行洪，需立即拆除。',
    location: '溢洪道进口',
    script: SCRIPTS.closed,
  },
  {
    reporter: 'subject_admin',
    source: 4,
    eventType: 12,
    level: 2,
    damPart: 6,
    title: '放水涵管启闭机异响',
    description: '上级检查指出放水涵管启闭机运行时有异响，需检修。',
    location: '启闭机房',
    script: SCRIPTS.onTheSpot,
  },
  {
    reporter: 'inspector',
    source: 6,
    eventType: 99,
    level: 1,
    damPart: 8,
    title: '管理房公示牌信息过期',
    description: '公示牌上的责任人信息未更新。',
    script: SCRIPTS.withdrawn,
  },
  {
    reporter: 'farm_admin',
    source: 5,
    eventType: 13,
    level: 3,
    damPart: 7,
    title: '群众举报：库区有人违规搭建钓鱼平台',
    description: '群众来电反映库区东侧岸边有人搭建钓鱼平台并长期占用，存在安全隐患。',
    location: '库区东岸',
    reporterPhone: '13805951234',
    script: SCRIPTS.accepted,
  },
  {
    reporter: 'farm_admin',
    source: 5,
    eventType: 99,
    level: 3,
    damPart: 7,
    title: '群众举报：下游河道有垃圾堆放',
    description: '群众反映水库下游河道岸边有生活垃圾堆放，影响环境。',
    location: '坝下游河道',
    reporterPhone: '13905957788',
    script: SCRIPTS.completed,
  },
];

/**
 * How far the events turned from the demo camera alarms come, in the alarms' order (oldest first: the angler, the
 * debris before the spillway, the swimmer — seed/demoAlarmsData.ts); aiPhotoAssign leaves them 处理中 with the handler.
 */
export const AI_SCRIPTS: DemoScript[] = [
  { name: 'aiHandled', status: 3, steps: [processBy('inspector', '已劝离垂钓人员并在迎水坡设置禁止垂钓警示牌', 1)] },
  { name: 'aiAssigned', status: 2, steps: [] },
  SCRIPTS.aiCorrected,
];

/** The hazard type of an event turned from an alarm (ai_alarm_type → event_type): debris obstructs the spillway; the rest are 其他. */
export const EVENT_TYPE_OF_ALARM: Record<number, number> = { 4: 11 };
