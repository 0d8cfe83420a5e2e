/**
 * Demo data of the emergency registers (plain data, domain.md §4 and §6):
 * what a county, a township and a reservoir depository hold, with target
 * stock and reserve quota per item, and the demo dangers, maintenance
 * projects and drills. Keys are those of the dictionaries goods_category,
 * goods_unit, event_level, event_type, dam_part, project_type, training_type.
 */

export interface GoodsSeed {
  name: string;
  category: number;
  unit: number;
  spec: string;
  /** CNY per unit, as bought. */
  unitPrice: number;
  /** The stock the demo movements end at. */
  stock: number;
  safetyStock: number;
  /** Share of the stock used in the flood season (0 = never used). */
  usedShare?: number;
  /** Share written off (damaged, expired). */
  writtenOffShare?: number;
  /** Years from purchase to expiry, for goods that age. */
  shelfYears?: number;
}

/** County depository (县级防汛物资仓库): the authority's main reserve. */
export const countyGoods: GoodsSeed[] = [
  {
    name: '编织袋',
    category: 2,
    unit: 1,
    spec: '50×80cm',
    unitPrice: 1.2,
    stock: 16000,
    safetyStock: 15000,
    usedShare: 0.25,
    writtenOffShare: 0.03,
    shelfYears: 5,
  },
  { name: '土工布', category: 2, unit: 18, spec: '300g/m²', unitPrice: 8, stock: 2400, safetyStock: 2000, usedShare: 0.1 },
  { name: '铅丝', category: 2, unit: 5, spec: '8#', unitPrice: 7.5, stock: 850, safetyStock: 1000, usedShare: 0.15 },
  { name: '木桩', category: 2, unit: 4, spec: 'φ10cm×2m', unitPrice: 25, stock: 620, safetyStock: 500, usedShare: 0.12, writtenOffShare: 0.05 },
  { name: '砂石料', category: 10, unit: 14, spec: '粒径5-40mm', unitPrice: 120, stock: 320, safetyStock: 300, usedShare: 0.2 },
  {
    name: '救生衣',
    category: 1,
    unit: 10,
    spec: '船用 86-5型',
    unitPrice: 85,
    stock: 360,
    safetyStock: 300,
    usedShare: 0.05,
    writtenOffShare: 0.04,
    shelfYears: 5,
  },
  { name: '救生圈', category: 1, unit: 7, spec: '2.5kg', unitPrice: 60, stock: 80, safetyStock: 60 },
  { name: '冲锋舟', category: 1, unit: 8, spec: '6.2m 玻璃钢', unitPrice: 68000, stock: 4, safetyStock: 4 },
  { name: '水泵', category: 3, unit: 16, spec: '潜水泵 100m³/h', unitPrice: 4500, stock: 12, safetyStock: 10, usedShare: 0.25 },
  { name: '发电机', category: 5, unit: 16, spec: '10kW 柴油', unitPrice: 12000, stock: 6, safetyStock: 6 },
  { name: '应急灯', category: 4, unit: 7, spec: '充电式 LED', unitPrice: 150, stock: 120, safetyStock: 100, writtenOffShare: 0.08 },
  { name: '对讲机', category: 8, unit: 16, spec: '防水 5W', unitPrice: 900, stock: 30, safetyStock: 30 },
  { name: '帐篷', category: 6, unit: 11, spec: '3×4m 救灾', unitPrice: 1600, stock: 40, safetyStock: 30, usedShare: 0.2 },
  { name: '铁锹', category: 9, unit: 3, spec: '', unitPrice: 35, stock: 300, safetyStock: 300, usedShare: 0.1, writtenOffShare: 0.05 },
  { name: '医疗包', category: 7, unit: 17, spec: '急救', unitPrice: 260, stock: 50, safetyStock: 40, shelfYears: 3 },
];

/** Township depository (乡镇防汛物资仓库). */
export const townGoods: GoodsSeed[] = [
  { name: '编织袋', category: 2, unit: 1, spec: '50×80cm', unitPrice: 1.2, stock: 3200, safetyStock: 3000, usedShare: 0.3, shelfYears: 5 },
  { name: '铅丝', category: 2, unit: 5, spec: '8#', unitPrice: 7.5, stock: 180, safetyStock: 200, usedShare: 0.1 },
  { name: '木桩', category: 2, unit: 4, spec: 'φ10cm×2m', unitPrice: 25, stock: 150, safetyStock: 150, usedShare: 0.1 },
  { name: '救生衣', category: 1, unit: 10, spec: '船用 86-5型', unitPrice: 85, stock: 120, safetyStock: 100, writtenOffShare: 0.05, shelfYears: 5 },
  { name: '应急灯', category: 4, unit: 7, spec: '充电式 LED', unitPrice: 150, stock: 40, safetyStock: 40 },
  { name: '雨衣雨靴', category: 6, unit: 17, spec: '', unitPrice: 120, stock: 60, safetyStock: 50, usedShare: 0.2 },
  { name: '铁锹', category: 9, unit: 3, spec: '', unitPrice: 35, stock: 100, safetyStock: 100, usedShare: 0.1 },
];

/** Reservoir depository (水库防汛物资仓库), at the dam. */
export const reservoirGoods: GoodsSeed[] = [
  { name: '编织袋', category: 2, unit: 1, spec: '50×80cm', unitPrice: 1.2, stock: 2000, safetyStock: 2000, usedShare: 0.15, shelfYears: 5 },
  { name: '砂石料', category: 10, unit: 14, spec: '粒径5-40mm', unitPrice: 120, stock: 60, safetyStock: 50, usedShare: 0.1 },
  { name: '救生衣', category: 1, unit: 10, spec: '船用 86-5型', unitPrice: 85, stock: 100, safetyStock: 100, shelfYears: 5 },
  { name: '救生圈', category: 1, unit: 7, spec: '2.5kg', unitPrice: 60, stock: 20, safetyStock: 20 },
  { name: '手电', category: 4, unit: 7, spec: '强光', unitPrice: 45, stock: 30, safetyStock: 20, writtenOffShare: 0.1 },
  { name: '铁锹', category: 9, unit: 3, spec: '', unitPrice: 35, stock: 50, safetyStock: 50, usedShare: 0.1 },
];

export const SUPPLIERS = ['福建闽水防汛物资有限公司', '泉州安达应急装备有限公司', '浙江丽水水利物资供应站', '省防汛物资储备中心（调拨）'];
export const KEEPERS = ['陈建国', '林志强', '黄明辉', '吴国平', '郑丽华', '周文斌', '李秀英'];

export interface RiskSeed {
  riskName: string;
  riskLevel: number;
  riskType: number;
  damPart: number;
  description: string;
  measures: string;
  /** Days before today it was found; days allowed for rectification. */
  foundDaysAgo: number;
  daysAllowed: number;
  /** 1 待整改, 2 整改中, 3 已销号. */
  riskStatus: number;
}

export const riskSeeds: RiskSeed[] = [
  {
    riskName: '背水坡散浸',
    riskLevel: 1,
    riskType: 7,
    damPart: 3,
    description: '背水坡中部高程约 2/3 坝高处有约 15m² 散浸，无集中出水点。',
    measures: '加密观测，开挖导渗沟并铺设反滤层。',
    foundDaysAgo: 160,
    daysAllowed: 30,
    riskStatus: 3,
  },
  {
    riskName: '溢洪道阻水',
    riskLevel: 1,
    riskType: 11,
    damPart: 5,
    description: '溢洪道进口有村民设置的拦鱼网及杂物堆积，影响行洪。',
    measures: '拆除拦鱼网，清理杂物，设置禁止设障警示牌。',
    foundDaysAgo: 120,
    daysAllowed: 7,
    riskStatus: 3,
  },
  {
    riskName: '白蚁危害',
    riskLevel: 1,
    riskType: 5,
    damPart: 3,
    description: '背水坡发现白蚁泥被、泥线及分群孔，局部草皮枯黄。',
    measures: '委托白蚁防治单位灌浆处理，连续三年复查。',
    foundDaysAgo: 75,
    daysAllowed: 60,
    riskStatus: 2,
  },
  {
    riskName: '放水涵管闸门启闭困难',
    riskLevel: 1,
    riskType: 12,
    damPart: 6,
    description: '放水涵管闸门锈蚀，启闭机运行卡阻。',
    measures: '更换止水，除锈防腐，检修启闭机。',
    foundDaysAgo: 50,
    daysAllowed: 30,
    riskStatus: 2,
  },
  {
    riskName: '坝脚集中渗漏',
    riskLevel: 2,
    riskType: 8,
    damPart: 4,
    description: '下游坝脚右侧出现集中渗漏点，渗水略浑，流量约 0.3L/s。',
    measures: '降低库水位运行，设置反滤围井，委托安全鉴定并纳入除险加固。',
    foundDaysAgo: 40,
    daysAllowed: 20,
    riskStatus: 1,
  },
  {
    riskName: '迎水坡护坡浪蚀',
    riskLevel: 3,
    riskType: 6,
    damPart: 2,
    description: '迎水坡干砌石护坡局部松动、塌落，长约 8m。',
    measures: '汛后水位下降时翻修护坡。',
    foundDaysAgo: 20,
    daysAllowed: 90,
    riskStatus: 1,
  },
];

export interface ProjectSeed {
  projectName: string;
  projectType: number;
  budget: number;
  fundSource: string;
  contractor: string;
  /** Start this many days before today; lasts this many days. */
  startDaysAgo: number;
  days: number;
  progress: number;
  projectStatus: number;
  content: string;
}

export const projectSeeds: ProjectSeed[] = [
  {
    projectName: '大坝安全鉴定',
    projectType: 2,
    budget: 18,
    fundSource: '县级财政',
    contractor: '省水利水电勘测设计研究院',
    startDaysAgo: 300,
    days: 90,
    progress: 100,
    projectStatus: 4,
    content: '现场安全检查、工程质量评价、渗流与结构安全复核，形成鉴定报告书。',
  },
  {
    projectName: '年度维修养护',
    projectType: 5,
    budget: 35,
    fundSource: '中央维修养护补助资金',
    contractor: '县水利工程养护有限公司',
    startDaysAgo: 120,
    days: 150,
    progress: 70,
    projectStatus: 2,
    content: '坝顶路面修补、坝坡除草清杂、排水沟清淤、启闭机保养。',
  },
  {
    projectName: '雨水情测报设施建设',
    projectType: 6,
    budget: 26,
    fundSource: '中央补助资金',
    contractor: '水文自动化科技有限公司',
    startDaysAgo: 60,
    days: 90,
    progress: 40,
    projectStatus: 2,
    content: '新建雷达水位计、翻斗式雨量计各一套，接入县级平台。',
  },
  {
    projectName: '除险加固工程',
    projectType: 1,
    budget: 380,
    fundSource: '中央及省级补助、县级配套',
    contractor: '（招标中）',
    startDaysAgo: -45,
    days: 240,
    progress: 0,
    projectStatus: 1,
    content: '坝体防渗处理、溢洪道加固、放水设施改造及管理设施完善。',
  },
];

export interface TrainingSeed {
  title: string;
  trainingType: number;
  daysAgo: number;
  participants: number;
  /** Held at a reservoir (the first large one) rather than at the bureau. */
  atReservoir: boolean;
  content: string;
}

export const trainingSeeds: TrainingSeed[] = [
  {
    title: '小型水库安全管理“三个责任人”培训',
    trainingType: 1,
    daysAgo: 200,
    participants: 86,
    atReservoir: false,
    content: '履职手册解读、巡查要点、险情识别与报告流程、防汛物资使用。',
  },
  {
    title: '汛前防汛应急演练',
    trainingType: 2,
    daysAgo: 150,
    participants: 45,
    atReservoir: true,
    content: '模拟背水坡管涌险情：发现报告、人员转移、反滤围井抢护，检验物资调运。',
  },
  {
    title: '溃坝险情桌面推演',
    trainingType: 4,
    daysAgo: 90,
    participants: 28,
    atReservoir: false,
    content: '按应急预案推演预警发布、下游群众转移及部门协同。',
  },
];
