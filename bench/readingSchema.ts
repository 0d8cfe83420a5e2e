/**
 * The register the bench lists: a monitoring-reading table of the shape
 * monitoring data will have (station, time, value), served by the same
 * engine as every other register.
 */
import type { EntitySchema } from '../src/shared/entitySchema.js';

export const benchReadingSchema: EntitySchema = {
  $id: 'bench/reading',
  title: '基准读数',
  'x-title-en': 'Bench reading',
  type: 'object',
  'x-table': 'bench_reading',
  // Reading needs the menu that opens the register; the bench signs in as a tenant administrator.
  'x-menu': 'param',
  'x-api': { list: 'GET /api/bench/reading/list' },
  'x-indexes': [['stationId', 'createTime']],
  required: ['stationId', 'ts', 'value'],
  properties: {
    stationId: { type: 'string', 'x-id': true, title: '测站', 'x-en': 'Station', 'x-search': 'eq', 'x-list': true },
    ts: { type: 'string', format: 'datetime', title: '时间', 'x-en': 'Time', 'x-list': true },
    value: { type: 'number', title: '数值', 'x-en': 'Value', 'x-list': true },
  },
};
