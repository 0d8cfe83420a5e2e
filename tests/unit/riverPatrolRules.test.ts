/**
 * The figures the server derives from a river patrol's track (patrolTrack.ts) and the level rules
 * (patrolRules.ts): length along the track, duration from the first to the last fix, the refusals of a
 * bad track, each level's minimum, and the period a level's frequency counts in.
 */
import { describe, expect, it } from 'vitest';
import { mergeRules } from '../../src/server/actions/river/levelRules.js';
import { assertPatrolLongEnough, LEVEL_RULES, periodStart, ruleOfLevel } from '../../src/server/actions/river/patrolRules.js';
import { distanceMetres, figuresOf, parseTrack } from '../../src/server/actions/river/patrolTrack.js';

const fix = (lat: number, time: string) => ({ lng: 118.2, lat, time });

describe('patrol track', () => {
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(distanceMetres({ lng: 118, lat: 25 }, { lng: 118, lat: 26 })).toBeCloseTo(111_195, -2);
  });

  it('derives start, end, whole minutes and metres walked from the fixes', () => {
    const points = [
      fix(25, '2026-11-01 08:00:00'),
      fix(25.001, '2026-11-01 08:10:30'),
      fix(25.002, '2026-11-01 08:20:59'),
      fix(25.003, '2026-11-01 08:30:00'),
      fix(25.004, '2026-11-01 08:45:59'),
    ];
    expect(figuresOf(points)).toEqual({
      startTime: '2026-11-01 08:00:00',
      endTime: '2026-11-01 08:45:59',
      durationMinutes: 45,
      lengthMetres: 445,
      pointCount: 5,
    });
  });

  it('refuses too few points, points without a time, times running back and anything that is not a list', () => {
    const five = [0, 1, 2, 3, 4].map((k) => fix(25 + k / 1000, `2026-11-01 08:0${k}:00`));
    expect('points' in parseTrack(five)).toBe(true);
    expect(parseTrack(five.slice(1))).toEqual({ problem: 'tooFew' });
    expect(parseTrack(five.map((p, k) => (k === 2 ? { lng: p.lng, lat: p.lat } : p)))).toEqual({ problem: 'invalid' });
    expect(parseTrack([...five].reverse())).toEqual({ problem: 'order' });
    expect(parseTrack(five.map((p, k) => (k === 1 ? { ...p, lat: 91 } : p)))).toEqual({ problem: 'invalid' });
    expect(parseTrack('not a track')).toEqual({ problem: 'invalid' });
    expect(parseTrack(Array.from({ length: 5001 }, () => five[0]))).toEqual({ problem: 'tooMany' });
  });
});

describe('patrol level rules', () => {
  const figures = (durationMinutes: number, lengthMetres: number) => ({ startTime: '', endTime: '', durationMinutes, lengthMetres, pointCount: 10 });

  it('asks county chiefs and above for 30 minutes and 2 km each quarter, township and village chiefs for 5 minutes and 300 m', () => {
    for (const level of [1, 2, 3]) expect(ruleOfLevel(level)).toEqual({ minMinutes: 30, minMetres: 2000, period: 'quarter' });
    expect(ruleOfLevel(4)).toEqual({ minMinutes: 5, minMetres: 300, period: 'month' });
    expect(ruleOfLevel(5)).toEqual({ minMinutes: 5, minMetres: 300, period: 'week' });
    expect(() => assertPatrolLongEnough(3, figures(30, 2000))).not.toThrow();
    expect(() => assertPatrolLongEnough(3, figures(29, 5000))).toThrow(/30 minutes/);
    expect(() => assertPatrolLongEnough(3, figures(60, 1999))).toThrow(/2000 metres/);
    expect(() => assertPatrolLongEnough(5, figures(5, 300))).not.toThrow();
    expect(() => assertPatrolLongEnough(5, figures(4, 300))).toThrow();
  });

  it('counts a frequency from the start of the quarter, the month or the week (Monday)', () => {
    expect(periodStart('quarter', '2026-11-26')).toBe('2026-10-01');
    expect(periodStart('quarter', '2026-03-31')).toBe('2026-01-01');
    expect(periodStart('month', '2026-11-26')).toBe('2026-11-01');
    expect(periodStart('week', '2026-11-26')).toBe('2026-11-23');
    expect(periodStart('week', '2026-11-23')).toBe('2026-11-23');
    expect(periodStart('week', '2026-11-01')).toBe('2026-10-26');
  });
});

describe("a tenant's patrol rules (river.patrol.rules)", () => {
  it('replace the levels they name and keep the defaults for the others and for anything invalid', () => {
    const merged = mergeRules(
      JSON.stringify({
        4: { minMinutes: 10, minMetres: 500, period: 'week' },
        5: { minMinutes: -1, minMetres: 0, period: 'week' },
        9: { minMinutes: 1, minMetres: 1, period: 'week' },
      }),
    );
    expect(merged[4]).toEqual({ minMinutes: 10, minMetres: 500, period: 'week' });
    expect(merged[5]).toEqual(LEVEL_RULES[5]);
    expect(merged[9]).toBeUndefined();
    expect(merged[3]).toEqual(LEVEL_RULES[3]);
    expect(mergeRules('not json')).toEqual(LEVEL_RULES);
    expect(mergeRules(undefined)).toEqual(LEVEL_RULES);
  });
});
