import { describe, expect, it } from 'vitest';
import {
  dayTable,
  dayWindow,
  monthTable,
  yearTable,
  type DayRollup,
  type ReportElement,
  type ReportRow,
} from '../../src/server/actions/monitor/reportTables.js';

const RAIN: ReportElement = { key: 2, code: 'PJ', name: '降水量', nameEn: 'Rainfall', unit: 'mm', decimals: 1 };
const LEVEL: ReportElement = { key: 1, code: 'ZU', name: '库水位', nameEn: 'Reservoir level', unit: 'm', decimals: 3 };
const DX: ReportElement = { key: 5, code: 'DX', name: '水平位移X', nameEn: 'Displacement X', unit: 'mm', decimals: 2 };
const DY: ReportElement = { key: 6, code: 'DY', name: '水平位移Y', nameEn: 'Displacement Y', unit: 'mm', decimals: 2 };
const DZ: ReportElement = { key: 7, code: 'DZ', name: '垂直位移', nameEn: 'Settlement', unit: 'mm', decimals: 2 };

const rain = (observeTime: string, value: number) => ({ element: 2, observeTime, value });
const level = (observeTime: string, value: number) => ({ element: 1, observeTime, value });
const row = (rows: ReportRow[], label: string) => rows.find((r) => r.label === label)!;
const summary = (rows: ReportRow[], labelEn: string) => rows.find((r) => r.labelEn === labelEn)!;

function day(element: number, date: string, figures: Partial<DayRollup>): DayRollup {
  return { element, day: date, readings: 1, total: 0, minimum: 0, minimumTime: null, maximum: 0, maximumTime: null, ...figures };
}

describe('day report: rainfall by the hydrological day (D-1 08:00, D 08:00]', () => {
  const readings = [
    rain('2026-07-01 08:00:00', 5.0), // closes 07-01, not 07-02
    rain('2026-07-01 08:05:00', 0.5),
    rain('2026-07-01 08:55:00', 1.0),
    rain('2026-07-01 09:00:00', 0.3),
    rain('2026-07-01 10:30:00', 0),
    rain('2026-07-01 13:10:00', 2.0),
    rain('2026-07-02 00:00:00', 0.4),
    rain('2026-07-02 07:55:00', 0.2),
    rain('2026-07-02 08:00:00', 0.6), // closes 07-02
    rain('2026-07-02 08:05:00', 9.9), // opens 07-03
  ];
  const table = dayTable('rainfall', [RAIN], '2026-07-02', readings);

  it('reads the window (07-01 08:00, 07-02 08:00]', () => {
    expect(dayWindow('rainfall', '2026-07-02')).toEqual({ after: '2026-07-01 08:00:00', until: '2026-07-02 08:00:00', inclusiveStart: false });
    expect(table.period.from).toBe('2026-07-01 08:00:00');
    expect(table.period.to).toBe('2026-07-02 08:00:00');
  });

  it('has 24 hour rows 09:00 … 24:00 … 08:00, each the total of (h-1, h]', () => {
    expect(table.rows.map((r) => r.label)).toEqual([
      '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00',
      '21:00', '22:00', '23:00', '24:00', '01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00', '08:00',
    ]); // prettier-ignore
    expect(table.columns).toEqual([{ key: 'PJ', title: '时段雨量', titleEn: 'Hourly rainfall', unit: 'mm', decimals: 1 }]);
    // 08:05 + 08:55 + 09:00 (the 07-01 08:00 reading belongs to the day before)
    expect(row(table.rows, '09:00').cells.PJ).toBe(1.8);
    expect(row(table.rows, '14:00').cells.PJ).toBe(2.0);
    expect(row(table.rows, '24:00').cells.PJ).toBe(0.4);
    // 07:55 + the 08:00 reading that closes the day; 08:05 is the next day's
    expect(row(table.rows, '08:00').cells.PJ).toBe(0.8);
  });

  it('leaves an hour without readings null and keeps a reported 0 as 0', () => {
    expect(row(table.rows, '10:00').cells.PJ).toBeNull();
    expect(row(table.rows, '11:00').cells.PJ).toBe(0);
  });

  it('sums the day and names the wettest hour by its end', () => {
    expect(summary(table.summary, 'Daily total').cells.PJ).toBe(5.0);
    expect(summary(table.summary, 'Wettest hour').cells.PJ).toBe(2.0);
    expect(summary(table.summary, 'Wettest hour').times?.PJ).toBe('2026-07-01 14:00:00');
  });

  it('a day without a reading is null, not 0', () => {
    const empty = dayTable('rainfall', [RAIN], '2026-07-05', readings);
    expect(empty.rows.every((r) => r.cells.PJ === null)).toBe(true);
    expect(summary(empty.summary, 'Daily total').cells.PJ).toBeNull();
    expect(summary(empty.summary, 'Wettest hour').times?.PJ).toBeNull();
  });
});

describe('day report: water level by the calendar day, the last reading of each hour', () => {
  const readings = [
    level('2026-06-30 23:55:00', 90),
    level('2026-07-01 00:00:00', 100.0),
    level('2026-07-01 00:30:00', 100.1),
    level('2026-07-01 01:00:00', 100.2),
    level('2026-07-01 08:00:00', 101.0),
    level('2026-07-01 08:05:00', 101.5),
    level('2026-07-02 00:00:00', 99.0),
  ];
  const table = dayTable('waterLevel', [LEVEL], '2026-07-01', readings);

  it('rows 01:00 … 24:00 hold the last reading of (h-1, h]', () => {
    expect(table.rows.map((r) => r.label)[0]).toBe('01:00');
    expect(table.rows.map((r) => r.label)[23]).toBe('24:00');
    expect(row(table.rows, '01:00').cells.ZU).toBe(100.2);
    expect(row(table.rows, '08:00').cells.ZU).toBe(101.0);
    expect(row(table.rows, '09:00').cells.ZU).toBe(101.5);
    expect(row(table.rows, '24:00').cells.ZU).toBe(99.0);
    expect(row(table.rows, '02:00').cells.ZU).toBeNull();
  });

  it('summarises the calendar day [00:00, 24:00): mean, highest and lowest with their times', () => {
    // 100.0 + 100.1 + 100.2 + 101.0 + 101.5 = 502.8 over 5 readings
    expect(summary(table.summary, 'Daily mean').cells.ZU).toBe(100.56);
    expect(summary(table.summary, 'Highest').cells.ZU).toBe(101.5);
    expect(summary(table.summary, 'Highest').times?.ZU).toBe('2026-07-01 08:05:00');
    expect(summary(table.summary, 'Lowest').cells.ZU).toBe(100.0);
    expect(summary(table.summary, 'Lowest').times?.ZU).toBe('2026-07-01 00:00:00');
  });

  it('a day with no data has null levels, never zeros', () => {
    const empty = dayTable('waterLevel', [LEVEL], '2026-07-03', readings);
    expect(empty.rows.every((r) => r.cells.ZU === null)).toBe(true);
    expect(empty.summary.every((r) => r.cells.ZU === null)).toBe(true);
  });
});

describe('month report', () => {
  it('rainfall: a row per day of a 31-day month, total, wettest day and rain days (≥ 0.1 mm)', () => {
    const table = monthTable('rainfall', [RAIN], '2026-07', [
      day(2, '2026-07-01', { total: 5.0, readings: 288 }),
      day(2, '2026-07-10', { total: 0.04, readings: 288 }),
      day(2, '2026-07-15', { total: 0, readings: 288 }),
      day(2, '2026-07-31', { total: 12.3, readings: 288 }),
      day(2, '2026-08-01', { total: 50, readings: 288 }),
    ]);
    expect(table.rows).toHaveLength(31);
    expect(table.rows[0].label).toBe('2026-07-01');
    expect(table.rows[30].label).toBe('2026-07-31');
    expect(table.rows[0].cells.PJ).toBe(5.0);
    expect(table.rows[1].cells.PJ).toBeNull();
    expect(table.rows[14].cells.PJ).toBe(0);
    expect(table.rows[30].cells.PJ).toBe(12.3);
    expect(summary(table.summary, 'Monthly total').cells.PJ).toBe(17.3);
    expect(summary(table.summary, 'Wettest day').cells.PJ).toBe(12.3);
    expect(summary(table.summary, 'Wettest day').times?.PJ).toBe('2026-07-31');
    expect(summary(table.summary, 'Rain days').cells.PJ).toBe(2);
    expect(table.period).toMatchObject({ from: '2026-07-01', to: '2026-07-31', label: '2026年7月', labelEn: 'Jul 2026' });
  });

  it('water level: February has 28 days (29 in a leap year); mean, highest and lowest per day and for the month', () => {
    const days = [
      day(1, '2026-02-03', {
        readings: 4,
        total: 400.4,
        minimum: 100.0,
        minimumTime: '2026-02-03 01:00:00',
        maximum: 100.2,
        maximumTime: '2026-02-03 15:00:00',
      }),
      day(1, '2026-02-28', {
        readings: 2,
        total: 201.0,
        minimum: 100.4,
        minimumTime: '2026-02-28 02:00:00',
        maximum: 100.6,
        maximumTime: '2026-02-28 20:00:00',
      }),
    ];
    const table = monthTable('waterLevel', [LEVEL], '2026-02', days);
    expect(table.rows).toHaveLength(28);
    expect(monthTable('waterLevel', [LEVEL], '2028-02', []).rows).toHaveLength(29);
    expect(table.columns.map((c) => c.key)).toEqual(['ZU_mean', 'ZU_max', 'ZU_min']);
    expect(table.rows[2].cells).toEqual({ ZU_mean: 100.1, ZU_max: 100.2, ZU_min: 100.0 });
    expect(table.rows[2].times).toEqual({ ZU_max: '2026-02-03 15:00:00', ZU_min: '2026-02-03 01:00:00' });
    expect(table.rows[3].cells).toEqual({ ZU_mean: null, ZU_max: null, ZU_min: null });
    // (400.4 + 201.0) / 6 readings
    const month = summary(table.summary, 'Month');
    expect(month.cells).toEqual({ ZU_mean: 100.233, ZU_max: 100.6, ZU_min: 100.0 });
    expect(month.times).toEqual({ ZU_max: '2026-02-28 20:00:00', ZU_min: '2026-02-03 01:00:00' });
  });

  it('deformation: three elements, three columns each, named by element', () => {
    const table = monthTable('transshape', [DX, DY, DZ], '2026-03', []);
    expect(table.columns.map((c) => c.key)).toEqual(['DX_mean', 'DX_max', 'DX_min', 'DY_mean', 'DY_max', 'DY_min', 'DZ_mean', 'DZ_max', 'DZ_min']);
    expect(table.columns[0].title).toBe('水平位移X平均');
    expect(table.columns[0].titleEn).toBe('Displacement X mean');
  });
});

describe('year report: days 1–31 × months and the monthly and annual summaries', () => {
  it('rainfall in a leap year', () => {
    const table = yearTable('rainfall', RAIN, 2024, [
      day(2, '2024-01-05', { total: 0, readings: 24 }),
      day(2, '2024-01-31', { total: 10, readings: 24 }),
      day(2, '2024-02-29', { total: 3.2, readings: 24 }),
      day(2, '2024-12-31', { total: 1.5, readings: 24 }),
      day(1, '2024-03-01', { total: 999, readings: 1 }), // another element: not this report's
    ]);
    expect(table.rows).toHaveLength(31);
    expect(table.columns.map((c) => c.key)).toEqual(['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10', 'm11', 'm12', 'year']);
    expect(row(table.rows, '29').cells.m02).toBe(3.2);
    expect(row(table.rows, '30').cells.m02).toBeNull();
    expect(row(table.rows, '31').cells.m01).toBe(10);
    expect(row(table.rows, '31').cells.m12).toBe(1.5);
    expect(row(table.rows, '5').cells.m01).toBe(0);
    expect(row(table.rows, '1').cells.m03).toBeNull();
    const total = summary(table.summary, 'Total');
    expect(total.cells).toMatchObject({ m01: 10, m02: 3.2, m03: null, m12: 1.5, year: 14.7 });
    const wettest = summary(table.summary, 'Wettest day');
    expect(wettest.cells).toMatchObject({ m01: 10, m02: 3.2, year: 10 });
    expect(wettest.times).toMatchObject({ m01: '2024-01-31', m02: '2024-02-29', year: '2024-01-31', m03: null });
    expect(summary(table.summary, 'Rain days').cells).toMatchObject({ m01: 1, m02: 1, m03: null, m12: 1, year: 3 });
  });

  it('water level: the daily mean in the matrix, monthly and annual mean, highest, lowest', () => {
    const table = yearTable('waterLevel', LEVEL, 2025, [
      day(1, '2025-01-01', {
        readings: 2,
        total: 200.2,
        minimum: 100.0,
        minimumTime: '2025-01-01 01:00:00',
        maximum: 100.2,
        maximumTime: '2025-01-01 02:00:00',
      }),
      day(1, '2025-06-15', {
        readings: 1,
        total: 105.5,
        minimum: 105.5,
        minimumTime: '2025-06-15 08:00:00',
        maximum: 105.5,
        maximumTime: '2025-06-15 08:00:00',
      }),
    ]);
    expect(row(table.rows, '1').cells.m01).toBe(100.1);
    expect(row(table.rows, '15').cells.m06).toBe(105.5);
    expect(row(table.rows, '29').cells.m02).toBeNull();
    // (200.2 + 105.5) / 3
    expect(summary(table.summary, 'Mean').cells).toMatchObject({ m01: 100.1, m06: 105.5, m02: null, year: 101.9 });
    expect(summary(table.summary, 'Highest').cells.year).toBe(105.5);
    expect(summary(table.summary, 'Highest').times?.year).toBe('2025-06-15 08:00:00');
    expect(summary(table.summary, 'Lowest').cells.year).toBe(100.0);
    expect(summary(table.summary, 'Lowest').times?.m01).toBe('2025-01-01 01:00:00');
  });
});
