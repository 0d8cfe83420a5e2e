/**
 * Dictionaries of the emergency registers (issue 5) that the shared business
 * dictionaries do not already hold (goods_category, goods_unit, storage_mode,
 * goods_log_type, event_level, event_type, dam_part, project_type are there).
 */
import type { DictSeed } from './seedTypes.js';

export const urgentDictionaries: DictSeed[] = [
  {
    code: 'depository_level', name: '仓库级别',
    items: [{ key: '1', value: '县级仓库' }, { key: '2', value: '乡镇仓库' }, { key: '3', value: '水库仓库' }],
  },
  {
    code: 'goods_used_for', name: '物资用途',
    items: [
      { key: '1', value: '抢险救灾', remark: '险情、事件处置' }, { key: '2', value: '培训演练' },
      { key: '3', value: '工程维护' }, { key: '9', value: '其他' },
    ],
  },
  {
    code: 'goods_log_operation', name: '物资流水操作',
    items: [
      { key: '1', value: '登记', remark: '新增出入库单据' },
      { key: '2', value: '更正', remark: '修改单据数量，按差额调整库存' },
      { key: '3', value: '撤销', remark: '删除单据，冲回库存' },
    ],
  },
  {
    code: 'risk_status', name: '隐患整改状态',
    items: [{ key: '1', value: '待整改' }, { key: '2', value: '整改中' }, { key: '3', value: '已销号' }],
  },
  {
    code: 'project_status', name: '项目状态',
    items: [{ key: '1', value: '未开工' }, { key: '2', value: '在建' }, { key: '3', value: '已完工' }, { key: '4', value: '已验收' }],
  },
  {
    code: 'training_type', name: '培训演练类型',
    items: [
      { key: '1', value: '业务培训' }, { key: '2', value: '防汛演练' },
      { key: '3', value: '应急抢险演练' }, { key: '4', value: '桌面推演' },
    ],
  },
];
