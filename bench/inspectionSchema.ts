/**
 * The register the bench lists at scale: shaped like inspection records
 * (inspect/record) — a reference to a reservoir (x-ref, indexed with the
 * start time), an inspector, an audit status, the newest first, rows of the
 * creating department (data scope) — served by the same engine as every
 * other register.
 */
import type { EntitySchema } from '../src/shared/entitySchema.js';

export const benchInspectionSchema: EntitySchema = {
  $id: 'bench/inspection',
  title: '基准巡查记录',
  'x-title-en': 'Bench inspection record',
  type: 'object',
  'x-table': 'bench_inspection',
  // Reading needs the menu that opens the register; the bench signs in as a tenant administrator.
  'x-menu': 'param',
  'x-data-scope': {},
  'x-order': ['startTime desc'],
  'x-api': { list: 'GET /api/bench/inspection/list' },
  'x-indexes': [['reservoirId', 'startTime'], ['auditStatus']],
  required: ['reservoirId', 'startTime'],
  properties: {
    reservoirId: { type: 'string', 'x-id': true, title: '水库', 'x-en': 'Reservoir', 'x-ref': 'reservoir/reservoir', 'x-search': 'eq', 'x-list': true },
    inspectorId: { type: 'string', 'x-id': true, title: '巡查人员', 'x-en': 'Inspector', 'x-ref': 'system/user', 'x-search': 'eq', 'x-list': true },
    startTime: { type: 'string', format: 'datetime', title: '开始时间', 'x-en': 'Started at', 'x-list': true },
    problemCount: { type: 'integer', default: 0, title: '问题数', 'x-en': 'Problems', 'x-list': true },
    auditStatus: { type: 'integer', enum: [0, 1, 2], default: 0, title: '审核状态', 'x-en': 'Audit status', 'x-search': 'eq', 'x-list': true },
  },
};
