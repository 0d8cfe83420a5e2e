/** Dictionaries of the reservoir archive, facilities and engineering registers (tenant-editable). */
import type { DictSeed } from './seedTypes.js';

export const reservoirDictionaries: DictSeed[] = [
  {
    code: 'reservoir_file_type', name: '水库档案类别', nameEn: 'Archive category', remark: '《小型水库安全管理办法》第二十五条 技术档案',
    items: [
      { key: '1', value: '设计文件', valueEn: 'Design documents' }, { key: '2', value: '竣工验收资料', valueEn: 'Completion acceptance records' }, { key: '3', value: '安全鉴定报告', valueEn: 'Safety appraisal report' },
      { key: '4', value: '调度运用方案', valueEn: 'Operation and dispatch plan' }, { key: '5', value: '防汛抢险应急预案', valueEn: 'Flood emergency plan' }, { key: '6', value: '注册登记证', valueEn: 'Registration certificate' },
      { key: '7', value: '规章制度', valueEn: 'Rules and regulations' }, { key: '8', value: '观测资料', valueEn: 'Observation records' }, { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'facility_type', name: '水库设施类别', nameEn: 'Facility type',
    items: [
      { key: '1', value: '闸门', valueEn: 'Gate' }, { key: '2', value: '启闭机', valueEn: 'Hoist' }, { key: '3', value: '备用电源', valueEn: 'Backup power supply' }, { key: '4', value: '预警广播', valueEn: 'Warning broadcast' },
      { key: '5', value: '照明设施', valueEn: 'Lighting' }, { key: '6', value: '水尺', valueEn: 'Staff gauge' }, { key: '7', value: '管理房', valueEn: 'Management house' }, { key: '8', value: '防汛道路', valueEn: 'Flood-control road' },
      { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'facility_status', name: '设施运行状态', nameEn: 'Facility status',
    items: [{ key: '1', value: '正常', valueEn: 'Normal' }, { key: '2', value: '故障', valueEn: 'Faulty' }, { key: '3', value: '维修中', valueEn: 'Under repair' }, { key: '4', value: '停用', valueEn: 'Out of service' }],
  },
  {
    code: 'placard_type', name: '公示牌类别', nameEn: 'Placard type', remark: '责任人公示牌须写明三个责任人及联系电话、监督电话',
    items: [
      { key: '1', value: '责任人公示牌', valueEn: 'Responsible persons placard' }, { key: '2', value: '工程简介牌', valueEn: 'Project information board' }, { key: '3', value: '安全警示牌', valueEn: 'Safety warning sign' },
      { key: '4', value: '汛限水位标识', valueEn: 'Flood-limit level marker' }, { key: '5', value: '管理范围界桩', valueEn: 'Management boundary marker' }, { key: '99', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'soak_point_type', name: '浸润线点类型', nameEn: 'Phreatic line point type',
    items: [{ key: '1', value: '坝体轮廓点', valueEn: 'Dam profile point' }, { key: '2', value: '测压管', valueEn: 'Standpipe piezometer' }, { key: '3', value: '渗压计', valueEn: 'Piezometer' }],
  },
  {
    code: 'engineering_progress', name: '工程进展', nameEn: 'Project progress',
    items: [
      { key: '1', value: '前期工作', valueEn: 'Preliminary work' }, { key: '2', value: '已批复', valueEn: 'Approved' }, { key: '3', value: '实施中', valueEn: 'Under way' },
      { key: '4', value: '已完工', valueEn: 'Completed' }, { key: '5', value: '已验收', valueEn: 'Accepted' },
    ],
  },
  { code: 'downgrade_type', name: '降等报废方式', nameEn: 'Downgrading or decommissioning', items: [{ key: '1', value: '降等', valueEn: 'Downgrading' }, { key: '2', value: '报废', valueEn: 'Decommissioning' }] },
  {
    code: 'register_type', name: '注册登记类型', nameEn: 'Registration type', remark: '水库大坝注册登记，一般每五年复查换证',
    items: [{ key: '1', value: '初始登记', valueEn: 'Initial registration' }, { key: '2', value: '变更登记', valueEn: 'Change registration' }, { key: '3', value: '注销登记', valueEn: 'Deregistration' }],
  },
];
