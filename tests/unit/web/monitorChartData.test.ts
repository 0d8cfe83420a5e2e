/**
 * The monitoring pages' pure parts: station wall-clock times whatever the
 * browser's zone, quick ranges, the hydrological day, hourly rainfall totals
 * ((h-1, h] — a reading at 08:00 closes the 08:00 hour), the running total,
 * a level against its reservoir's lines, the chart options (limit lines,
 * second axis, slider), one family's view of the readings register, the
 * report table and the situation page's figures.
 */
import { describe, expect, it } from 'vitest';
import type { ClientSchema } from '../../../src/shared/clientSchema';
import { levelChart, linesChart, rainChart, type ChartLabels } from '../../../src/web/pages/monitor/chartOptions';
import { familySchema, reportBindings } from '../../../src/web/pages/monitor/familySchema';
import type { StationLatest } from '../../../src/web/pages/monitor/monitorApi';
import {
  cumulative,
  elementLines,
  hourlyTotals,
  hydrologicalDay,
  hydrologicalDayStart,
  levelState,
  quickRange,
  seriesOf,
  stationNow,
  valueAxisRange,
  wallMs,
  wallTime,
} from '../../../src/web/pages/monitor/monitorChartData';
import { reportParams, reportRows } from '../../../src/web/pages/monitor/reportTable';
import { situationSummary } from '../../../src/web/pages/monitor/situationSummary';

const LEVELS = { deadWaterLevel: 100, normalWaterLevel: 118, floodLimitWaterLevel: 116, designFloodLevel: 121.5, checkFloodLevel: 123 };
const LABELS: ChartLabels = {
  value: '库水位 (m)',
  rain: '小时雨量 (mm)',
  cumulative: '累计雨量 (mm)',
  time: '时间',
  lines: {
    deadWaterLevel: '死水位',
    floodLimitWaterLevel: '汛限水位',
    normalWaterLevel: '正常蓄水位',
    designFloodLevel: '设计洪水位',
    checkFloodLevel: '校核洪水位',
  },
};

describe('station times', () => {
  it('reads the stations’ wall clock in Asia/Shanghai whatever zone the browser runs in', () => {
    expect(stationNow(new Date('2026-11-25T23:30:15Z'))).toBe('2026-11-26 07:30:15');
  });

  it('does arithmetic on wall-clock strings without a zone shifting them', () => {
    expect(wallTime(wallMs('2026-03-01 00:00:00') - 1000)).toBe('2026-02-28 23:59:59');
    expect(Number.isNaN(wallMs('yesterday'))).toBe(true);
  });

  it('quick ranges end at the next minute and start the given span before; today starts at midnight', () => {
    expect(quickRange('days7', '2026-11-26 07:30:15')).toEqual(['2026-11-19 07:31:00', '2026-11-26 07:31:00']);
    expect(quickRange('hours24', '2026-11-26 07:30:00')).toEqual(['2026-11-25 07:30:00', '2026-11-26 07:30:00']);
    expect(quickRange('today', '2026-11-26 07:30:15')).toEqual(['2026-11-26 00:00:00', '2026-11-26 07:31:00']);
  });

  it('the hydrological day runs from 08:00 the day before to 08:00, a reading at 08:00 closing it', () => {
    expect(hydrologicalDay('2026-11-26 08:00:00')).toBe('2026-11-26');
    expect(hydrologicalDay('2026-11-26 08:05:00')).toBe('2026-11-27');
    expect(hydrologicalDay('2026-11-26 07:59:59')).toBe('2026-11-26');
    expect(hydrologicalDay('2026-12-31 09:00:00')).toBe('2027-01-01');
    expect(hydrologicalDayStart('2026-11-26 07:30:00')).toBe('2026-11-25 08:00:00');
    expect(hydrologicalDayStart('2026-11-26 08:00:00')).toBe('2026-11-26 08:00:00');
  });
});

describe('series', () => {
  const rain = [
    { element: 2, observeTime: '2026-11-26 08:05:00', value: 1.5 },
    { element: 2, observeTime: '2026-11-26 07:55:00', value: 0.5 },
    { element: 2, observeTime: '2026-11-26 08:00:00', value: 2 },
    { element: 2, observeTime: '2026-11-26 09:00:00', value: 0.2 },
    { element: 1, observeTime: '2026-11-26 08:00:00', value: 117.2 },
  ];

  it('takes one element’s readings oldest first', () => {
    expect(seriesOf(rain, 2).map((point) => point.time)).toEqual(['2026-11-26 07:55:00', '2026-11-26 08:00:00', '2026-11-26 08:05:00', '2026-11-26 09:00:00']);
  });

  it('sums rainfall per hour (h-1, h]: 07:55 and 08:00 make the 08:00 column, 08:05 and 09:00 the 09:00 one', () => {
    expect(hourlyTotals(seriesOf(rain, 2))).toEqual([
      { time: '2026-11-26 08:00:00', value: 2.5 },
      { time: '2026-11-26 09:00:00', value: 1.7 },
    ]);
  });

  it('runs a total over the columns', () => {
    expect(cumulative(hourlyTotals(seriesOf(rain, 2))).map((point) => point.value)).toEqual([2.5, 4.2]);
  });

  it('gives each deformation axis its own line', () => {
    const lines = elementLines(
      [
        { element: 6, observeTime: '2026-11-26 08:00:00', value: 1.2 },
        { element: 5, observeTime: '2026-11-26 08:00:00', value: -0.4 },
        { element: 1, observeTime: '2026-11-26 08:00:00', value: 117 },
      ],
      'transshape',
    );
    expect(lines).toEqual([
      { time: '2026-11-26 08:00:00', value: -0.4, series: 'DX' },
      { time: '2026-11-26 08:00:00', value: 1.2, series: 'DY' },
    ]);
  });
});

describe('levels', () => {
  it('places a level against its reservoir’s lines, with the margin to the flood limit', () => {
    expect(levelState(116.35, LEVELS)).toEqual({ state: 'aboveFloodLimit', margin: 0.35 });
    expect(levelState(115.5, LEVELS)).toEqual({ state: 'normal', margin: -0.5 });
    expect(levelState(116, LEVELS).state).toBe('normal');
    expect(levelState(122, LEVELS).state).toBe('aboveDesign');
    expect(levelState(123, LEVELS).state).toBe('aboveCheck');
    expect(levelState(99, LEVELS).state).toBe('belowDead');
    expect(levelState(null, LEVELS)).toEqual({ state: 'unknown', margin: null });
  });

  it('scales the value axis to the readings and the lines near them, not to a far dead level', () => {
    const range = valueAxisRange(
      [115.2, 115.8],
      [
        { key: 'deadWaterLevel', value: 100 },
        { key: 'floodLimitWaterLevel', value: 116 },
        { key: 'checkFloodLevel', value: 123 },
      ],
    )!;
    expect(range.min).toBeGreaterThan(114);
    expect(range.min).toBeLessThan(115.2);
    expect(range.max).toBeGreaterThan(116);
    expect(range.max).toBeLessThan(123);
  });
});

describe('chart options', () => {
  const level = [
    { time: '2026-11-26 07:00:00', value: 115.9 },
    { time: '2026-11-26 08:00:00', value: 116.2 },
  ];

  it('draws a level as a line with the flood-limit line annotated and a slider to zoom', () => {
    const spec = levelChart(level, LEVELS, [], LABELS);
    expect(spec.kind).toBe('line');
    if (spec.kind !== 'line') return;
    expect(spec.options.slider).toBeTruthy();
    const texts = (spec.options.annotations ?? []).map((annotation) => (annotation as { text: { content: string } }).text.content);
    expect(texts).toContain('汛限水位 116.00');
    expect(texts).toContain('正常蓄水位 118.00');
    expect(texts.some((text) => text.startsWith('死水位'))).toBe(false);
    expect(spec.options.yAxis).toMatchObject({ title: { text: '库水位 (m)' } });
  });

  it('puts the reservoir’s hourly rainfall as columns on a second axis', () => {
    const spec = levelChart(level, LEVELS, [{ time: '2026-11-26 07:30:00', value: 3 }], LABELS);
    expect(spec.kind).toBe('dualAxes');
    if (spec.kind !== 'dualAxes') return;
    expect(spec.options.yField).toEqual(['level', 'rain']);
    expect(spec.options.geometryOptions?.map((option) => option.geometry)).toEqual(['line', 'column']);
    expect(spec.options.data[1]).toEqual([{ time: '2026-11-26 08:00:00', rain: 3 }]);
    expect(spec.options.meta).toMatchObject({ rain: { alias: '小时雨量 (mm)' } });
  });

  it('draws rainfall as hourly columns and the running total', () => {
    const spec = rainChart(
      [
        { time: '2026-11-26 07:10:00', value: 1 },
        { time: '2026-11-26 08:10:00', value: 2 },
      ],
      LABELS,
    );
    if (spec.kind !== 'dualAxes') throw new Error('rainfall is two axes');
    expect(spec.options.data[1].map((row) => row.total)).toEqual([1, 3]);
    expect(spec.options.slider).toBeTruthy();
  });

  it('draws one line per deformation axis', () => {
    const spec = linesChart(
      [
        { time: '2026-11-26 08:00:00', value: 1, series: 'X' },
        { time: '2026-11-26 08:00:00', value: 2, series: 'Y' },
      ],
      LABELS,
    );
    if (spec.kind !== 'line') throw new Error('lines');
    expect(spec.options.seriesField).toBe('series');
  });
});

describe('one family of the readings register', () => {
  const binding = (name: string, op: string, method: string, url: string) => ({ name, op, method, url, idParam: 'id' });
  const register = {
    $id: 'monitor/reading',
    title: '监测数据',
    'x-title-en': 'Readings',
    type: 'object',
    'x-api': {
      waterLevelList: binding('waterLevelList', 'list', 'GET', '/api/v1/monitor/waterLevel/list'),
      waterLevelSave: binding('waterLevelSave', 'action', 'POST', '/api/v1/monitor/waterLevel/save'),
      waterLevelRemove: binding('waterLevelRemove', 'action', 'POST', '/api/v1/monitor/waterLevel/remove'),
      waterLevelExport: binding('waterLevelExport', 'action', 'GET', '/api/v1/monitor/waterLevel/export'),
      waterLevelDay: binding('waterLevelDay', 'action', 'GET', '/api/v1/monitor/waterLevel/day'),
      waterLevelDayExport: binding('waterLevelDayExport', 'action', 'GET', '/api/v1/monitor/waterLevel/day/export'),
      rainfallList: binding('rainfallList', 'list', 'GET', '/api/v1/monitor/rainfall/list'),
      rainfallSave: binding('rainfallSave', 'action', 'POST', '/api/v1/monitor/rainfall/save'),
    },
    'x-permissions': {},
    required: [],
    properties: {
      element: { type: 'integer', title: '监测要素', 'x-en': 'Element', 'x-dict': 'monitor_element' },
      value: { type: 'number', title: '测值', 'x-en': 'Value' },
    },
  } as unknown as ClientSchema;

  it('keeps only the family’s bindings, under the names the generic renderers call', () => {
    const rain = familySchema(register, 'rainfall');
    expect(Object.keys(rain['x-api'])).toEqual(['list', 'save']);
    expect(rain['x-api'].save).toMatchObject({ op: 'save', url: '/api/v1/monitor/rainfall/save' });
    const level = familySchema(register, 'waterLevel');
    expect(level['x-api'].remove).toMatchObject({ op: 'remove', idParam: 'ids' });
    expect(level['x-api'].export).toMatchObject({ op: 'export', url: '/api/v1/monitor/waterLevel/export' });
  });

  it('takes the family menu’s buttons, the family’s element by default and its unit on the value', () => {
    const rain = familySchema(register, 'rainfall');
    expect(rain['x-permissions']).toEqual({
      add: 'monitor_rainfall_add',
      edit: 'monitor_rainfall_edit',
      delete: 'monitor_rainfall_delete',
      view: 'monitor_rainfall_view',
      export: 'monitor_rainfall_export',
    });
    expect(rain.properties.element.default).toBe(2);
    expect(rain.properties.value.title).toBe('测值 (mm)');
    expect(rain.properties.value['x-en']).toBe('Value (mm)');
    expect(register.properties.value.title).toBe('测值');
  });

  it('finds a period’s report and its export', () => {
    expect(reportBindings(register, 'waterLevel', 'day')).toMatchObject({
      report: { url: '/api/v1/monitor/waterLevel/day' },
      export: { url: '/api/v1/monitor/waterLevel/day/export' },
    });
    expect(reportBindings(register, 'rainfall', 'day').report).toBeUndefined();
  });
});

describe('reports', () => {
  it('asks for a date, a month or a year', () => {
    expect(reportParams('day', '7', '2026-11-26')).toEqual({ stationId: '7', date: '2026-11-26' });
    expect(reportParams('month', '7', '2026-11')).toEqual({ stationId: '7', month: '2026-11' });
    expect(reportParams('year', '7', '2026')).toEqual({ stationId: '7', year: '2026' });
  });

  it('shows rows then summary lines, numbers with the element’s decimals, no data as empty', () => {
    const rows = reportRows(
      {
        elements: [{ key: 2, code: 'PJ', unit: 'mm', decimals: 1 }],
        columns: [{ key: 'PJ', title: '雨量', titleEn: 'Rainfall' }],
        rows: [
          { label: '09:00', cells: { PJ: 2 } },
          { label: '10:00', cells: { PJ: null } },
        ],
        summary: [{ label: '合计', labelEn: 'Total', cells: { PJ: 12.25 } }],
      },
      'en',
    );
    expect(rows.map((row) => [row.label, row.cells.PJ, row.isSummary])).toEqual([
      ['09:00', '2.0', false],
      ['10:00', '', false],
      ['Total', '12.3', true],
    ]);
  });

  it('counts rain days as whole numbers and shows when a highest figure was observed', () => {
    const rows = reportRows(
      {
        columns: [{ key: 'ZU_max', title: '最高', decimals: 2 }],
        rows: [],
        summary: [
          { label: '最高', labelEn: 'Highest', cells: { ZU_max: 117.256 }, times: { ZU_max: '2026-11-26 14:05:00' } },
          { label: '降雨日数', labelEn: 'Rain days', cells: { ZU_max: 12 } },
        ],
      },
      'zh',
    );
    expect(rows.map((row) => [row.cells.ZU_max, row.times.ZU_max])).toEqual([
      ['117.26', '11-26 14:05'],
      ['12', ''],
    ]);
  });
});

describe('the situation page’s figures', () => {
  const station = (fields: Partial<StationLatest>): StationLatest => ({ stationId: '1', stationName: 'S', stationCode: 'S', reservoirId: 'r1', ...fields });

  it('counts reporting stations, the highest rainfall today and the reservoirs above their flood limit', () => {
    const levels = [
      station({ stationId: '1', reservoirId: 'r1', latest: { ZU: { value: 116.3, time: '2026-11-26 07:00:00' } }, ...LEVELS }),
      station({ stationId: '2', reservoirId: 'r1', latest: { ZU: { value: 116.5, time: '2026-11-26 07:00:00' } }, ...LEVELS }),
      station({ stationId: '3', reservoirId: 'r2', latest: { ZU: { value: 110, time: '2026-11-20 07:00:00' } }, ...LEVELS }),
    ];
    const rains = [
      station({ stationId: '4', stationName: '东坑', today: 12.5, latest: { PJ: { value: 0.5, time: '2026-11-26 07:55:00' } } }),
      station({ stationId: '5', stationName: '西岙', today: 30.1, latest: { PJ: { value: 1, time: '2026-11-26 07:55:00' } } }),
    ];
    expect(situationSummary(levels, rains, 2, '2026-11-26 08:00:00')).toEqual({
      stations: 5,
      reporting: 4,
      activeWarnings: 2,
      maxRain: { value: 30.1, stationName: '西岙' },
      reservoirsAboveFloodLimit: 1,
    });
  });
});
