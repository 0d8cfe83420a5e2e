/**
 * Demo data of the inspection, maintenance and cleaning setup (plain data;
 * inspectionSetup.ts writes it). Items of a small earth dam per part follow
 * ../shared/reference/domain.md §3 (沂水县 水库管理员职责明白纸, 小型水库巡视检查制度):
 * dam crest, upstream slope, downstream slope, toe and drainage prism,
 * spillway, outlet works, reservoir area, management and monitoring
 * facilities. Parts are dam_part keys.
 */
import type { SetupKind } from '../actions/inspect/setupKinds.js';

export interface ItemSeed {
  damPart: number;
  itemName: string;
  content: string;
  method?: string;
  needPhoto?: 0 | 1;
}

export interface GroupSeed {
  name: string;
  /** inspect: inspect_type; maintain: maintain_type. */
  type?: number;
  damType?: number;
  /** Item names of the kind's catalogue, in order; `*` = every item. */
  items: string[] | '*';
  remark?: string;
}

export interface TemplateSeed {
  name: string;
  relation?: number;
  children?: TemplateSeed[];
}

export const setupItems: Record<SetupKind, ItemSeed[]> = {
  inspect: [
    { damPart: 1, itemName: '坝顶路面', content: '坝顶平整，无坑洼、积水，无车辆碾压破坏', method: '目视、脚踩' },
    { damPart: 1, itemName: '坝顶裂缝与塌陷', content: '坝顶无纵向、横向裂缝，无塌陷、错台', method: '目视、量测', needPhoto: 1 },
    { damPart: 1, itemName: '坝顶杂物', content: '无杂草、树木、农作物，无堆放物', method: '目视' },
    { damPart: 1, itemName: '防浪墙与护栏', content: '防浪墙、压顶石、路缘石及护栏完好，无裂缝、倾斜、缺损', method: '目视、手摸' },
    { damPart: 1, itemName: '标志标牌', content: '观测设施、警示牌、工程公示牌（三个责任人）完好清晰', method: '目视' },
    { damPart: 2, itemName: '迎水坡护坡', content: '护坡平整，块石无松动、缺失，无裂缝、剥落、塌坑、滑坡', method: '目视、脚踩', needPhoto: 1 },
    { damPart: 2, itemName: '浪蚀与淘刷', content: '坡面无浪蚀、淘刷，护坡底部无掏空', method: '目视' },
    { damPart: 2, itemName: '迎水坡杂物', content: '无钓鱼台、杂物和漂浮物堆积', method: '目视' },
    { damPart: 2, itemName: '库水位变化', content: '对照水尺读数，库水位无异常涨落', method: '目视、量测' },
    { damPart: 3, itemName: '背水坡坡面', content: '坡面无塌坑、雨淋沟、隆起、滑坡，无松动块石', method: '目视、脚踩', needPhoto: 1 },
    { damPart: 3, itemName: '散浸与湿斑', content: '坡面无散浸、湿斑、冒水点', method: '目视、手摸', needPhoto: 1 },
    { damPart: 3, itemName: '草皮与树木', content: '草皮修整，坡面无树木、高秆作物', method: '目视' },
    { damPart: 3, itemName: '坝坡排水沟', content: '排水沟通畅，无淤堵、断裂、破损', method: '目视' },
    { damPart: 3, itemName: '白蚁与鼠洞', content: '无白蚁活动迹象（泥被、泥线、分群孔）及鼠洞、獾洞', method: '目视、锤击', needPhoto: 1 },
    { damPart: 4, itemName: '坝脚渗漏', content: '坝脚无集中渗漏、管涌、流土，渗水清澈', method: '目视、手摸', needPhoto: 1 },
    { damPart: 4, itemName: '排水棱体', content: '排水棱体无塌陷、堵塞，量水堰出流正常', method: '目视、量测' },
    { damPart: 4, itemName: '坝脚保护范围', content: '坝脚 50 m（小(1)型）/ 30 m（小(2)型）内无树木、高秆作物、取土', method: '目视' },
    { damPart: 5, itemName: '溢洪道行洪通道', content: '行洪通畅，无拦鱼网、垃圾、树木、农作物等阻水物', method: '目视', needPhoto: 1 },
    { damPart: 5, itemName: '溢洪道结构', content: '边墙、底板、消力池无裂缝、冲刷、淘空', method: '目视、锤击' },
    { damPart: 5, itemName: '交通桥', content: '溢洪道交通桥完好，栏杆齐全', method: '目视' },
    { damPart: 6, itemName: '启闭机运行', content: '启闭机运转正常，无异响，操作记录完整', method: '试运行、耳听' },
    { damPart: 6, itemName: '闸门与钢丝绳', content: '闸门止水良好，金属件、钢丝绳养护到位，无锈蚀、断丝', method: '目视、手摸' },
    { damPart: 6, itemName: '放水涵管出口', content: '涵管出口无渗水、浑水，周边土体无塌陷', method: '目视', needPhoto: 1 },
    { damPart: 7, itemName: '库面漂浮物', content: '库面无大面积漂浮物、水草', method: '目视' },
    { damPart: 7, itemName: '库岸稳定', content: '库岸无崩塌、滑坡、裂缝', method: '目视' },
    { damPart: 7, itemName: '库区违规行为', content: '无违规养殖、采砂、倾倒垃圾、侵占库容', method: '目视', needPhoto: 1 },
    { damPart: 8, itemName: '管理房与启闭机房', content: '房屋整洁，无牲畜，规章制度上墙，门窗完好', method: '目视' },
    { damPart: 8, itemName: '照明与备用电源', content: '照明完好，备用发电机能正常启动', method: '试运行' },
    { damPart: 9, itemName: '雨水情测报设施', content: '水位计、雨量计工作正常，设备与供电无损坏', method: '目视、平台核对' },
    { damPart: 9, itemName: '大坝安全监测设施', content: '量水堰、测压管、渗压计完好，读数连续无突变', method: '目视、量测' },
    { damPart: 10, itemName: '防汛道路', content: '上坝防汛道路通畅，无塌方、阻断', method: '目视' },
    { damPart: 10, itemName: '通信设施', content: '电话、对讲机或应急广播畅通', method: '试用' },
  ],
  maintain: [
    { damPart: 1, itemName: '坝顶除草清障', content: '清除坝顶杂草、杂物，路面无堆积', method: '人工清理' },
    { damPart: 1, itemName: '坝顶路面修补', content: '坑洼填补夯实，路面平整排水通畅', method: '土方回填夯实' },
    { damPart: 2, itemName: '护坡块石修整', content: '松动、缺失块石重新砌筑，缝隙勾缝', method: '砂浆勾缝' },
    { damPart: 3, itemName: '背水坡除草', content: '草皮高度不超过 15 cm，清除杂树与高秆作物', method: '人工除草' },
    { damPart: 3, itemName: '雨淋沟填补', content: '雨淋沟、浪窝用黏性土回填夯实并恢复草皮', method: '土方回填夯实', needPhoto: 1 },
    { damPart: 3, itemName: '排水沟清淤', content: '坝坡及坝脚排水沟清淤，破损处修补', method: '人工清淤' },
    { damPart: 3, itemName: '白蚁防治', content: '白蚁活动期检查蚁患，发现后灌浆或药物防治', method: '诱杀、灌浆', needPhoto: 1 },
    { damPart: 4, itemName: '排水棱体疏通', content: '清除棱体表面杂草淤泥，保持反滤排水通畅', method: '人工清理' },
    { damPart: 5, itemName: '溢洪道清障', content: '清除拦鱼网、树木、杂物，保持行洪断面', method: '人工清理', needPhoto: 1 },
    { damPart: 5, itemName: '溢洪道边墙修补', content: '裂缝、剥落部位修补，伸缩缝填充', method: '砂浆修补' },
    { damPart: 6, itemName: '启闭机加油保养', content: '齿轮、轴承加注润滑油，电气部分绝缘检查', method: '涂油保养' },
    { damPart: 6, itemName: '钢丝绳除锈涂油', content: '钢丝绳除锈后涂防护油，断丝超标时更换', method: '涂油防锈' },
    { damPart: 6, itemName: '闸门止水检查', content: '止水橡皮老化、破损的及时更换', method: '检查更换' },
    { damPart: 8, itemName: '备用电源试机', content: '备用发电机每月试机一次，燃油备足', method: '试运行' },
    { damPart: 9, itemName: '监测设施维护', content: '量水堰清淤，测压管疏通，传感器供电检查', method: '清理、检查' },
  ],
  clean: [
    { damPart: 1, itemName: '坝顶清扫', content: '坝顶路面无垃圾、落叶、杂物', method: '人工清扫' },
    { damPart: 3, itemName: '坝坡垃圾清理', content: '坝坡无塑料袋、瓶罐等垃圾', method: '人工拾捡' },
    { damPart: 5, itemName: '溢洪道杂物清理', content: '溢洪道进口及泄槽无漂浮物、垃圾', method: '人工清理' },
    { damPart: 7, itemName: '水面漂浮物打捞', content: '库面、进水口无漂浮物、死鱼、水草堆积', method: '打捞', needPhoto: 1 },
    { damPart: 7, itemName: '库岸垃圾清理', content: '库岸及消落带无生活垃圾、建筑垃圾', method: '人工清理', needPhoto: 1 },
    { damPart: 8, itemName: '管理房清扫', content: '管理房内外整洁，物品摆放有序', method: '人工清扫' },
    { damPart: 8, itemName: '启闭机房清洁', content: '启闭机房地面、设备表面无积尘油污', method: '擦拭、清扫' },
  ],
};

const SPECIAL_PATROL = [
  '坝顶裂缝与塌陷',
  '迎水坡护坡',
  '浪蚀与淘刷',
  '库水位变化',
  '背水坡坡面',
  '散浸与湿斑',
  '坝脚渗漏',
  '排水棱体',
  '溢洪道行洪通道',
  '启闭机运行',
  '放水涵管出口',
  '库岸稳定',
  '防汛道路',
];

export const setupGroups: Record<SetupKind, GroupSeed[]> = {
  inspect: [
    { name: '均质土坝日常巡查', type: 1, damType: 1, items: '*', remark: '汛期每日1次，非汛期每周1次；从左到右、从上到下，先迎水坡后背水坡' },
    { name: '汛前汛后年度检查', type: 2, items: '*', remark: '由单位负责人组织，汛前、汛后及白蚁活动期各1次' },
    { name: '暴雨洪水后特别巡查', type: 3, items: SPECIAL_PATROL, remark: '暴雨、大洪水、大风、库水位骤降或持续高水位、地震后' },
  ],
  maintain: [
    { name: '日常维修养护', type: 1, items: ['坝顶除草清障', '背水坡除草', '排水沟清淤', '排水棱体疏通', '溢洪道清障', '启闭机加油保养', '备用电源试机'] },
    { name: '汛前检修', type: 2, items: '*', remark: '每年汛前完成，检修记录归档' },
  ],
  clean: [{ name: '日常保洁', items: '*', remark: '每周至少1次，汛期漂浮物随时打捞' }],
};

/** Structure templates per kind (struct_type 1 / 2 / 3); relation = dam_part. */
export const setupTemplates: Record<SetupKind, TemplateSeed[]> = {
  inspect: [
    {
      name: '大坝',
      children: [
        { name: '坝顶', relation: 1 },
        { name: '迎水坡', relation: 2 },
        { name: '背水坡', relation: 3 },
        { name: '坝脚及排水棱体', relation: 4 },
      ],
    },
    { name: '溢洪道', relation: 5 },
    { name: '放水设施', relation: 6 },
    { name: '库区', relation: 7 },
    {
      name: '管理设施',
      relation: 8,
      children: [
        { name: '监测设施', relation: 9 },
        { name: '防汛道路及通信', relation: 10 },
      ],
    },
  ],
  maintain: [
    {
      name: '大坝',
      children: [
        { name: '坝顶', relation: 1 },
        { name: '迎水坡', relation: 2 },
        { name: '背水坡', relation: 3 },
        { name: '坝脚及排水棱体', relation: 4 },
      ],
    },
    { name: '溢洪道', relation: 5 },
    { name: '放水设施', relation: 6 },
    { name: '管理设施', relation: 8, children: [{ name: '监测设施', relation: 9 }] },
  ],
  clean: [
    { name: '库区水面', relation: 7 },
    {
      name: '大坝',
      children: [
        { name: '坝顶', relation: 1 },
        { name: '背水坡', relation: 3 },
        { name: '溢洪道', relation: 5 },
      ],
    },
    { name: '管理设施', relation: 8 },
  ],
};

/** Routine inspection per reservoir scale (reservoir_scale) and season (inspect_season): inspect_frequency keys. */
export const setupFrequencies: { reservoirScale: number; season: number; frequency: number; remark: string }[] = [
  { reservoirScale: 1, season: 1, frequency: 1, remark: '汛期每日1次；高水位或台风期间加密' },
  { reservoirScale: 1, season: 2, frequency: 3, remark: '非汛期每周1次' },
  { reservoirScale: 2, season: 1, frequency: 1, remark: '汛期每日1次；高水位或台风期间加密' },
  { reservoirScale: 2, season: 2, frequency: 3, remark: '非汛期每周1次' },
];

export interface PlanSeed {
  name: string;
  group: string;
  inspectType: number;
  frequency: number;
  startDate: string;
  endDate: string;
  planStatus: 1 | 2 | 3;
  remark: string;
}

/** A few plans in each state (plan_status 1 草稿, 2 已发布, 3 已停止), over every reservoir of the tenant. */
export const setupPlans: PlanSeed[] = [
  {
    name: '2026年汛期日常巡查计划',
    group: '均质土坝日常巡查',
    inspectType: 1,
    frequency: 1,
    startDate: '2026-05-15',
    endDate: '2026-09-30',
    planStatus: 3,
    remark: '汛期结束，计划已停止',
  },
  {
    name: '2026年汛后年度检查',
    group: '汛前汛后年度检查',
    inspectType: 2,
    frequency: 7,
    startDate: '2026-10-08',
    endDate: '2026-11-30',
    planStatus: 2,
    remark: '单位负责人带队，检查后形成年度检查报告',
  },
  {
    name: '2026—2027年非汛期日常巡查计划',
    group: '均质土坝日常巡查',
    inspectType: 1,
    frequency: 3,
    startDate: '2026-10-01',
    endDate: '2027-05-14',
    planStatus: 2,
    remark: '每周1次，遇强降雨加密',
  },
  {
    name: '2027年汛前年度检查',
    group: '汛前汛后年度检查',
    inspectType: 2,
    frequency: 7,
    startDate: '2027-04-01',
    endDate: '2027-05-10',
    planStatus: 1,
    remark: '待确认检查人员后发布',
  },
  {
    name: '台风过境后特别巡查',
    group: '暴雨洪水后特别巡查',
    inspectType: 3,
    frequency: 8,
    startDate: '2027-07-01',
    endDate: '2027-09-30',
    planStatus: 1,
    remark: '台风预警解除后24小时内完成',
  },
];
