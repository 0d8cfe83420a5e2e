/**
 * The quick-task helper's reading of a question ("<水库> 今天/昨天/本周/近N天 的雨水情",
 * "rain and water of <reservoir> today / …") and the rollup days a period covers.
 */
import { describe, expect, it } from 'vitest';
import { addDays, hydrologicalDayOf, periodDays } from '../../src/server/chat/taskMode/periodDays.js';
import { findReservoir, warningLine } from '../../src/server/chat/taskMode/taskAnswer.js';
import { elementByCode } from '../../src/shared/monitorElements.js';
import { numberOf, parseTaskQuery } from '../../src/server/chat/taskMode/taskQuery.js';

describe('parseTaskQuery', () => {
  it('reads the period and leaves the reservoir name', () => {
    expect(parseTaskQuery('爱溪水库今天的雨水情')).toEqual({ isRainAndWater: true, period: { kind: 'today' }, wasShortened: false, nameText: '爱溪水库' });
    expect(parseTaskQuery('爱溪水库昨天的雨水情').period).toEqual({ kind: 'yesterday' });
    expect(parseTaskQuery('查询一下东坑水库本周雨水情').nameText).toBe('东坑水库');
    expect(parseTaskQuery('东坑水库本周雨水情').period).toEqual({ kind: 'week' });
    expect(parseTaskQuery('东坑水库近7天的雨量').period).toEqual({ kind: 'days', days: 7 });
    expect(parseTaskQuery('东坑水库最近三天水位').period).toEqual({ kind: 'days', days: 3 });
    expect(parseTaskQuery('东坑水库过去十五天的雨水情').period).toEqual({ kind: 'days', days: 15 });
  });

  it('reads English questions', () => {
    const q = parseTaskQuery('rain and water of Aixi Reservoir this week');
    expect(q.period).toEqual({ kind: 'week' });
    expect(q.nameText).toBe('Aixi Reservoir');
    expect(parseTaskQuery('rainfall of 爱溪水库 yesterday').period).toEqual({ kind: 'yesterday' });
    expect(parseTaskQuery('water level of 爱溪水库 in the last 5 days').period).toEqual({ kind: 'days', days: 5 });
    expect(parseTaskQuery('rain and water of 爱溪水库 today').nameText).toBe('爱溪水库');
  });

  it('defaults to today, caps long periods and tells other questions apart', () => {
    expect(parseTaskQuery('爱溪水库雨水情').period).toEqual({ kind: 'today' });
    expect(parseTaskQuery('爱溪水库近90天雨水情')).toMatchObject({ period: { kind: 'days', days: 31 }, wasShortened: true });
    expect(parseTaskQuery('帮我写一份报告').isRainAndWater).toBe(false);
  });

  it('reads Chinese numbers', () => {
    expect([numberOf('三'), numberOf('十'), numberOf('十五'), numberOf('二十'), numberOf('三十一'), numberOf('12')]).toEqual([3, 10, 15, 20, 31, 12]);
    expect(numberOf('百')).toBeUndefined();
  });
});

describe('findReservoir', () => {
  const reservoirs = [{ name: '东坑水库' }, { name: '东坑二级水库' }, { name: '爱溪水库' }];

  it('prefers the longest name in the question, then the name without 水库, then a name holding the leftover text', () => {
    expect(findReservoir(reservoirs, '东坑二级水库今天的雨水情', '东坑二级水库')?.name).toBe('东坑二级水库');
    expect(findReservoir(reservoirs, '爱溪今天的雨水情', '爱溪')?.name).toBe('爱溪水库');
    expect(findReservoir(reservoirs, '不存在水库今天雨水情', '不存在水库')).toBeUndefined();
  });
});

describe('periodDays', () => {
  it('counts rain in hydrological days named by the 08:00 they end at', () => {
    expect(hydrologicalDayOf('2026-07-01 08:00:00')).toBe('2026-07-01');
    expect(hydrologicalDayOf('2026-07-01 08:00:01')).toBe('2026-07-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('maps today, yesterday, this week and the last N days to rain days and calendar days', () => {
    // Thursday 2026-11-26, after 08:00: the current hydrological day is the 27th.
    const now = '2026-11-26 12:00:00';
    expect(periodDays({ kind: 'today' }, now)).toEqual({
      rain: { from: '2026-11-27', to: '2026-11-27' },
      level: { from: '2026-11-26', to: '2026-11-26' },
      rainStart: '2026-11-26 08:00',
    });
    expect(periodDays({ kind: 'yesterday' }, now)).toMatchObject({
      rain: { from: '2026-11-26', to: '2026-11-26' },
      level: { from: '2026-11-25', to: '2026-11-25' },
    });
    expect(periodDays({ kind: 'week' }, now)).toMatchObject({
      rain: { from: '2026-11-24', to: '2026-11-27' },
      level: { from: '2026-11-23', to: '2026-11-26' },
    });
    expect(periodDays({ kind: 'days', days: 3 }, now)).toMatchObject({
      rain: { from: '2026-11-25', to: '2026-11-27' },
      level: { from: '2026-11-24', to: '2026-11-26' },
    });
    // Before 08:00 the current hydrological day is today's.
    expect(periodDays({ kind: 'today' }, '2026-11-26 07:00:00').rain).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });
});

describe('an active warning in the quick-task answer', () => {
  const warning = {
    startTime: '2026-11-26 07:25:00',
    stationName: '东坑水库雨量站',
    levelName: '蓝色预警',
    limitName: '24小时雨量',
    element: elementByCode('PJ')!.key,
    value: 52,
    threshold: 50,
  };

  it('is built from its parts: the time once, the station, the level and the value against its limit', () => {
    expect(warningLine(warning, true)).toBe('  - 2026-11-26 07:25 东坑水库雨量站 蓝色预警：24小时雨量 52.0 mm（阈值 50.0 mm）');
    expect(warningLine({ ...warning, levelName: '' }, false)).toBe('  - 2026-11-26 07:25 东坑水库雨量站: 24小时雨量 52.0 mm (limit 50.0 mm)');
  });
});
