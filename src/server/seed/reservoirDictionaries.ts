/** Dictionaries of the reservoir archive, facilities and engineering registers (tenant-editable). */
import type { DictSeed } from './seedTypes.js';

export const reservoirDictionaries: DictSeed[] = [
  {
    code: 'reservoir_file_type', name: '水库档案类别', remark: '《小型水库安全管理办法》第二十五条 技术档案',
    items: [
      { key: '1', value: '设计文件' }, { key: '2', value: '竣工验收资料' }, { key: '3', value: '安全鉴定报告' },
      { key: '4', value: '调度运用方案' }, { key: '5', value: '防汛抢险应急预案' }, { key: '6', value: '注册登记证' },
      { key: '7', value: '规章制度' }, { key: '8', value: '观测资料' }, { key: '99', value: '其他' },
    ],
  },
  {
    code: 'facility_type', name: '水库设施类别',
    items: [
      { key: '1', value: '闸门' }, { key: '2', value: '启闭机' }, { key: '3', value: '备用电源' }, { key: '4', value: '预警广播' },
      { key: '5', value: '照明设施' }, { key: '6', value: '水尺' }, { key: '7', value: '管理房' }, { key: '8', value: '防汛道路' },
      { key: '99', value: '其他' },
    ],
  },
  {
    code: 'facility_status', name: '设施运行状态',
    items: [{ key: '1', value: '正常' }, { key: '2', value: '故障' }, { key: '3', value: '维修中' }, { key: '4', value: '停用' }],
  },
  {
    code: 'placard_type', name: '公示牌类别', remark: '责任人公示牌须写明三个责任人及联系电话、监督电话',
    items: [
      { key: '1', value: '责任人公示牌' }, { key: '2', value: '工程简介牌' }, { key: '3', value: '安全警示牌' },
      { key: '4', value: '汛限水位标识' }, { key: '5', value: '管理范围界桩' }, { key: '99', value: '其他' },
    ],
  },
  {
    code: 'soak_point_type', name: '浸润线点类型',
    items: [{ key: '1', value: '坝体轮廓点' }, { key: '2', value: '测压管' }, { key: '3', value: '渗压计' }],
  },
  {
    code: 'engineering_progress', name: '工程进展',
    items: [
      { key: '1', value: '前期工作' }, { key: '2', value: '已批复' }, { key: '3', value: '实施中' },
      { key: '4', value: '已完工' }, { key: '5', value: '已验收' },
    ],
  },
  { code: 'downgrade_type', name: '降等报废方式', items: [{ key: '1', value: '降等' }, { key: '2', value: '报废' }] },
  {
    code: 'register_type', name: '注册登记类型', remark: '水库大坝注册登记，一般每五年复查换证',
    items: [{ key: '1', value: '初始登记' }, { key: '2', value: '变更登记' }, { key: '3', value: '注销登记' }],
  },
];
