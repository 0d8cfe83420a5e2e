/**
 * The four reservoir-management matrix screens (四全/四制/四预/四管): titles, tabs and the labels they share.
 * 四制 and 四管 use the best understanding of the MWR guidance (体制、机制、法治、责任制; 除险、体检、维护、安全),
 * see src/server/actions/screens/matrixSizhi.ts and matrixSiguan.ts.
 */
export default {
  matrixScreens: {
    title: '水库运行管理矩阵',
    heading: '水库运行管理矩阵 · {{tab}}',
    tabs: { siquan: '四全管理', sizhi: '四制体系', siyu: '四预措施', siguan: '四管工作' },
    unit: { reservoir: '座', station: '个', camera: '路', percent: '%', person: '人', item: '项', mm: 'mm', m: 'm', hour: '小时', tenThousandYuan: '万元' },
    none: '暂无数据',
    reservoir: '水库',
    families: { waterLevel: '水位', rainfall: '雨量', seepageFlow: '渗流量', seepagePressure: '渗压', transshape: '变形' },
    duty: { 1: '行政责任人', 2: '技术责任人', 3: '巡查责任人' },
    fileType: {
      1: '设计文件',
      2: '竣工验收资料',
      3: '安全鉴定报告',
      4: '调度运用方案',
      5: '应急预案',
      6: '注册登记证',
      7: '规章制度',
      8: '观测资料',
      99: '其他',
    },
    progress: { 1: '前期工作', 2: '已批复', 3: '实施中', 4: '已完工', 5: '已验收' },
    safetyClass: { 1: '一类坝', 2: '二类坝', 3: '三类坝', none: '未鉴定' },
    warningLevel: { 1: '蓝色', 2: '黄色', 3: '橙色', 4: '红色' },
    eventLevel: { 0: '未分级', 1: '一般隐患', 2: '重大隐患', 3: '其他隐患' },
    projectStatus: { 1: '未开工', 2: '在建', 3: '已完工', 4: '已验收' },
    yes: '是',
    no: '否',
  },
};
