/**
 * Dictionaries of the inspection, maintenance and cleaning setup
 * (schemas/inspect, maintain, clean): the structure-template kinds, the
 * seasons of the inspection frequency, the maintenance types, and the result
 * of a checked item (inspect_result, which the record pages show).
 */
import type { DictSeed } from './seedTypes.js';

export const inspectionDictionaries: DictSeed[] = [
  {
    code: 'struct_type', name: '结构模板类型', nameEn: 'Structure template type', remark: '结构模板树按用途区分：巡查、养护、保洁',
    items: [{ key: '1', value: '巡查', valueEn: 'Inspection' }, { key: '2', value: '养护', valueEn: 'Maintenance' }, { key: '3', value: '保洁', valueEn: 'Cleaning' }],
  },
  {
    code: 'inspect_season', name: '巡查时段', nameEn: 'Inspection season', remark: '汛期起止日期见参数 flood.season.start / flood.season.end',
    items: [{ key: '1', value: '汛期', valueEn: 'Flood season', remark: '日常巡查每日1次' }, { key: '2', value: '非汛期', valueEn: 'Non-flood season', remark: '日常巡查每周1次' }],
  },
  {
    code: 'maintain_type', name: '养护类别', nameEn: 'Maintenance type', remark: '《小型水库安全管理办法》第23条：维修养护含启闭设备、备用电源、白蚁防治',
    items: [
      { key: '1', value: '日常养护', valueEn: 'Routine maintenance', remark: '除草、清障、加油保养' }, { key: '2', value: '定期检修', valueEn: 'Periodic overhaul', remark: '汛前汛后检修' },
      { key: '3', value: '专项维修', valueEn: 'Special repair' }, { key: '4', value: '应急抢修', valueEn: 'Emergency repair' },
    ],
  },
  {
    code: 'inspect_result', name: '检查结果', nameEn: 'Check result',
    items: [{ key: '1', value: '正常', valueEn: 'Normal' }, { key: '2', value: '异常', valueEn: 'Abnormal' }],
  },
];
