/**
 * The comparison rules of the index limits (src/server/monitor/warningsRules.ts):
 * which figure a limit looks at, when it is outside, what happens to an active
 * warning, the walk over the readings of one delivery, which kinds fit which
 * elements and stations, and the notice text.
 */
import { describe, expect, it } from 'vitest';
import {
  decide,
  elementFitsStation,
  figureOf,
  isOutside,
  limitKindFitsElement,
  roundFigure,
  walkLimit,
  warningText,
  windowHoursOf,
  type Step,
} from '../../src/server/monitor/warningsRules.js';
import { noticeTarget } from '../../src/shared/noticeTarget.js';

const LEVEL = 1;
const RAIN = 2;
const SEEPAGE_FLOW = 3;
const totals = { h1: 12.5, h3: 30, h24: 80.2 };

describe('isOutside', () => {
  it('an at-or-above limit (flood limit) stands from the threshold up', () => {
    expect(isOutside(1, 100.0, 100.0)).toBe(true);
    expect(isOutside(1, 100.01, 100.0)).toBe(true);
    expect(isOutside(1, 99.99, 100.0)).toBe(false);
  });

  it('an at-or-below limit (dead level) stands from the threshold down', () => {
    expect(isOutside(2, 80.0, 80.0)).toBe(true);
    expect(isOutside(2, 79.5, 80.0)).toBe(true);
    expect(isOutside(2, 80.01, 80.0)).toBe(false);
  });

  it('the total kinds compare the total at or above the threshold', () => {
    for (const kind of [3, 4, 5]) {
      expect(isOutside(kind, 50, 50)).toBe(true);
      expect(isOutside(kind, 49.9, 50)).toBe(false);
    }
  });
});

describe('figureOf', () => {
  it('kinds 1 and 2 look at the latest reading, 3/4/5 at the 1 h / 3 h / 24 h totals', () => {
    expect(figureOf(1, 101.2, totals)).toBe(101.2);
    expect(figureOf(2, 101.2, totals)).toBe(101.2);
    expect(figureOf(3, 2.5, totals)).toBe(12.5);
    expect(figureOf(4, 2.5, totals)).toBe(30);
    expect(figureOf(5, 2.5, totals)).toBe(80.2);
  });

  it('no reading, no figure', () => {
    expect(figureOf(1, null, totals)).toBeNull();
    expect(figureOf(5, null, totals)).toBeNull();
  });

  it('the windows are 1, 3 and 24 hours', () => {
    expect([1, 2, 3, 4, 5].map(windowHoursOf)).toEqual([undefined, undefined, 1, 3, 24]);
  });
});

describe('decide', () => {
  it('outside without an active warning raises; inside without one does nothing', () => {
    expect(decide(1, 100, 100.3)).toEqual({ action: 'raise' });
    expect(decide(1, 100, 99.7)).toEqual({ action: 'none' });
  });

  it('still outside keeps the warning with the latest figure and the highest peak (≥ kinds)', () => {
    expect(decide(1, 100, 100.2, { peakValue: 100.5 })).toEqual({ action: 'keep', lastValue: 100.2, peakValue: 100.5 });
    expect(decide(1, 100, 100.8, { peakValue: 100.5 })).toEqual({ action: 'keep', lastValue: 100.8, peakValue: 100.8 });
  });

  it('the peak of an at-or-below limit is the lowest figure', () => {
    expect(decide(2, 80, 79.0, { peakValue: 79.5 })).toEqual({ action: 'keep', lastValue: 79.0, peakValue: 79.0 });
    expect(decide(2, 80, 79.8, { peakValue: 79.5 })).toEqual({ action: 'keep', lastValue: 79.8, peakValue: 79.5 });
  });

  it('back inside clears the active warning', () => {
    expect(decide(1, 100, 99.99, { peakValue: 100.5 })).toEqual({ action: 'clear' });
    expect(decide(2, 80, 80.5, { peakValue: 79.5 })).toEqual({ action: 'clear' });
    expect(decide(5, 50, 49, { peakValue: 60 })).toEqual({ action: 'clear' });
  });

  it('an active warning without a peak takes the figure as its peak', () => {
    expect(decide(1, 100, 101, { peakValue: null })).toEqual({ action: 'keep', lastValue: 101, peakValue: 101 });
  });
});

describe('walkLimit (the readings of one delivery, oldest first)', () => {
  const none = { h1: 0, h3: 0, h24: 0 };
  const levels = (...pairs: [string, number][]): Step[] => pairs.map(([time, value]) => ({ time, value, totals: none }));

  it('a crossing that starts and ends inside the delivery raises at the first reading outside and clears at the first back inside', () => {
    const steps = levels(['2026-07-01 08:00:00', 99], ['2026-07-01 09:00:00', 103], ['2026-07-01 10:00:00', 104], ['2026-07-01 11:00:00', 99.5]);
    expect(walkLimit(1, 100, LEVEL, steps)).toEqual([
      { action: 'raise', time: '2026-07-01 09:00:00', figure: 103 },
      { action: 'clear', time: '2026-07-01 11:00:00', figure: 99.5, peakValue: 104 },
    ]);
  });

  it('a delivery ending outside leaves the warning kept with its latest and furthest figures; two crossings raise twice', () => {
    const steps = levels(['2026-07-01 08:00:00', 101], ['2026-07-01 09:00:00', 99], ['2026-07-01 10:00:00', 100.5], ['2026-07-01 11:00:00', 100.2]);
    expect(walkLimit(1, 100, LEVEL, steps)).toEqual([
      { action: 'raise', time: '2026-07-01 08:00:00', figure: 101 },
      { action: 'clear', time: '2026-07-01 09:00:00', figure: 99, peakValue: 101 },
      { action: 'raise', time: '2026-07-01 10:00:00', figure: 100.5 },
      { action: 'keep', time: '2026-07-01 11:00:00', lastValue: 100.2, peakValue: 100.5 },
    ]);
  });

  it('readings at or before the boundary (the active start or the newest clearing) are not walked; then the latest alone is', () => {
    const steps = levels(['2026-07-01 09:30:00', 104], ['2026-07-01 10:00:00', 99.5]);
    // Cleared at 10:00: the late 09:30 crossing is history, the latest (10:00) is inside: nothing.
    expect(walkLimit(1, 100, LEVEL, steps, undefined, '2026-07-01 10:00:00')).toEqual([]);
    // Without the boundary the same readings would raise and clear.
    expect(walkLimit(1, 100, LEVEL, steps).map((event) => event.action)).toEqual(['raise', 'clear']);
    // Active since 10:00 (an edit left it inside): the latest is evaluated and clears, never before the start.
    const active = { startTime: '2026-07-01 10:00:00', peakValue: 103 };
    expect(walkLimit(1, 100, LEVEL, levels(['2026-07-01 09:00:00', 99]), active, active.startTime)).toEqual([
      { action: 'clear', time: '2026-07-01 10:00:00', figure: 99, peakValue: 103 },
    ]);
  });

  it('a rainfall limit walks the window totals ending at each reading', () => {
    const steps: Step[] = [
      { time: '2026-07-01 00:20:00', value: 8, totals: { h1: 13, h3: 13, h24: 13 } },
      { time: '2026-07-01 00:40:00', value: 9, totals: { h1: 22, h3: 22, h24: 22 } },
      { time: '2026-07-01 01:00:00', value: 0, totals: { h1: 17, h3: 22, h24: 22 } },
    ];
    expect(walkLimit(3, 20, RAIN, steps)).toEqual([
      { action: 'raise', time: '2026-07-01 00:40:00', figure: 22 },
      { action: 'clear', time: '2026-07-01 01:00:00', figure: 17, peakValue: 22 },
    ]);
    expect(walkLimit(4, 20, RAIN, steps)).toEqual([
      { action: 'raise', time: '2026-07-01 00:40:00', figure: 22 },
      { action: 'keep', time: '2026-07-01 01:00:00', lastValue: 22, peakValue: 22 },
    ]);
  });
});

describe('which limits fit', () => {
  it('total kinds (3–5) are for rainfall only; 1 and 2 for any element', () => {
    expect(limitKindFitsElement(3, RAIN)).toBe(true);
    expect(limitKindFitsElement(5, RAIN)).toBe(true);
    expect(limitKindFitsElement(3, LEVEL)).toBe(false);
    expect(limitKindFitsElement(4, SEEPAGE_FLOW)).toBe(false);
    expect(limitKindFitsElement(1, LEVEL)).toBe(true);
    expect(limitKindFitsElement(2, RAIN)).toBe(true);
    expect(limitKindFitsElement(6, RAIN)).toBe(false);
    expect(limitKindFitsElement(0, LEVEL)).toBe(false);
  });

  it('an element fits a station whose monitorType is its family', () => {
    expect(elementFitsStation(LEVEL, 1)).toBe(true);
    expect(elementFitsStation(RAIN, 2)).toBe(true);
    expect(elementFitsStation(RAIN, 1)).toBe(false);
    expect(elementFitsStation(7, 5)).toBe(true);
    expect(elementFitsStation(LEVEL, null)).toBe(false);
    expect(elementFitsStation(99, 1)).toBe(false);
  });
});

describe('figures and notice text', () => {
  it('rounds sums to the element decimals (0.1 + 0.2 mm is 0.3 mm)', () => {
    expect(roundFigure(RAIN, 0.1 + 0.2)).toBe(0.3);
    expect(roundFigure(LEVEL, 100.12345)).toBe(100.123);
  });

  it('names the station, the figure, the limit and its threshold', () => {
    const text = warningText({
      reservoirName: '东湖水库',
      stationName: '坝前水位站',
      elementName: '库水位',
      levelName: '蓝色预警',
      limitName: '汛限水位',
      limitKind: 1,
      element: LEVEL,
      threshold: 100,
      figure: 100.25,
      time: '2026-11-20 08:00:00',
    });
    expect(text.title).toBe('【蓝色预警】坝前水位站汛限水位预警');
    expect(text.content).toBe('2026-11-20 08:00:00 东湖水库坝前水位站 库水位 100.250 m，达到或超过汛限水位 100.000 m。');
  });

  it('a rainfall total says its window; a dead-level warning says below', () => {
    const rain = warningText({
      reservoirName: '',
      stationName: '雨量站',
      elementName: '降水量',
      levelName: '',
      limitName: '3小时暴雨',
      limitKind: 4,
      element: RAIN,
      threshold: 50,
      figure: 52.3,
      time: '2026-11-20 08:00:00',
    });
    expect(rain.content).toContain('3小时累计降水量 52.3 mm，达到或超过3小时暴雨 50.0 mm');
    const dead = warningText({
      ...{ reservoirName: '', stationName: 'S', elementName: '库水位', levelName: '' },
      limitName: '死水位',
      limitKind: 2,
      element: LEVEL,
      threshold: 80,
      figure: 79.9,
      time: 't',
    });
    expect(dead.content).toContain('达到或低于死水位 80.000 m');
  });

  it('a warning notice opens the warning log on the warning', () => {
    expect(noticeTarget(10, '123', '9')).toBe('/monitor/warning-log?id=123');
  });
});
