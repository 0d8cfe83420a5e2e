/**
 * Dictionaries of the emergency registers (issue 5) that the shared business
 * dictionaries do not already hold (goods_category, goods_unit, storage_mode,
 * goods_log_type, event_level, event_type, dam_part, project_type are there).
 */
import type { DictSeed } from './seedTypes.js';

export const urgentDictionaries: DictSeed[] = [
  {
    code: 'depository_level', name: '仓库级别', nameEn: 'Depository level',
    items: [{ key: '1', value: '县级仓库', valueEn: 'County depository' }, { key: '2', value: '乡镇仓库', valueEn: 'Township depository' }, { key: '3', value: '水库仓库', valueEn: 'Reservoir depository' }],
  },
  {
    code: 'goods_used_for', name: '物资用途', nameEn: 'Supply use',
    items: [
      { key: '1', value: '抢险救灾', valueEn: 'Emergency response', remark: '险情、事件处置' }, { key: '2', value: '培训演练', valueEn: 'Training and drills' },
      { key: '3', value: '工程维护', valueEn: 'Project maintenance' }, { key: '9', value: '其他', valueEn: 'Other' },
    ],
  },
  {
    code: 'goods_log_operation', name: '物资流水操作', nameEn: 'Stock entry operation',
    items: [
      { key: '1', value: '登记', valueEn: 'Recorded', remark: '新增出入库单据' },
      { key: '2', value: '更正', valueEn: 'Corrected', remark: '修改单据数量，按差额调整库存' },
      { key: '3', value: '撤销', valueEn: 'Cancelled', remark: '删除单据，冲回库存' },
    ],
  },
  {
    code: 'risk_status', name: '隐患整改状态', nameEn: 'Hazard rectification status',
    items: [{ key: '1', value: '待整改', valueEn: 'Awaiting rectification' }, { key: '2', value: '整改中', valueEn: 'Being rectified' }, { key: '3', value: '已销号', valueEn: 'Closed out' }],
  },
  {
    code: 'project_status', name: '项目状态', nameEn: 'Project status',
    items: [{ key: '1', value: '未开工', valueEn: 'Not started' }, { key: '2', value: '在建', valueEn: 'Under construction' }, { key: '3', value: '已完工', valueEn: 'Completed' }, { key: '4', value: '已验收', valueEn: 'Accepted' }],
  },
  {
    code: 'training_type', name: '培训演练类型', nameEn: 'Training and drill type',
    items: [
      { key: '1', value: '业务培训', valueEn: 'Professional training' }, { key: '2', value: '防汛演练', valueEn: 'Flood-control drill' },
      { key: '3', value: '应急抢险演练', valueEn: 'Emergency repair drill' }, { key: '4', value: '桌面推演', valueEn: 'Tabletop exercise' },
    ],
  },
];
