/**
 * The demo monitoring series (seed/demoReadingsSeries.ts) on the demo
 * counties' reservoirs: deterministic, sampled as the contract says (a year
 * of 08:00 readings, 30 days hourly, 3 days of 5-minute telemetry), and
 * physically plausible — levels between dead level and the design flood
 * level, rainfall in 0.1 mm steps with the seasons' share of rain days and
 * a few storm days, seepage following the level days later, settlement
 * drifting — and in every county one level crossing its flood-limit level
 * within the last 24 hours and staying above, whatever the season.
 */
import { describe, expect, it } from 'vitest';
import { demoCounties, type CountySeed } from '../../src/server/seed/reservoirCatalog.js';
import { figuresOf } from '../../src/server/seed/reservoirFigures.js';
import {
  countySeries,
  DAY,
  formatLocal,
  HOUR,
  isFloodSeason,
  parseLocal,
  timeline,
  type DemoCountyInput,
  type ElementSeries,
} from '../../src/server/seed/demoReadingsSeries.js';

/** A county as the seed stores it: register codes, figures, and the stations seed/reservoirFacilities.ts plans. */
function inputOf(county: CountySeed): DemoCountyInput {
  return {
    key: county.tenantId,
    reservoirs: county.reservoirs.map((seed, index) => {
      const code = `${county.countyCode}${String(index + 1).padStart(4, '0')}`;
      const types = [1, 2];
      if (seed.damHeight >= 15) types.push(4);
      if (seed.scale === 1) types.push(3);
      if (seed.scale === 1 && seed.damHeight >= 25) types.push(5);
      return {
        key: code,
        ...figuresOf(county, seed),
        totalCapacity: seed.totalCapacity,
        stations: types.map((t) => ({ code: `${code}0${t}`, monitorType: t })),
      };
    }),
  };
}

const ENDS = ['2026-11-26 13:47:12', '2026-01-15 23:59:59', '2026-04-20 08:00:00', '2026-07-20 09:03:00'];
const runs = new Map<string, ReturnType<typeof countySeries>>();
function run(county: CountySeed, end: string) {
  const key = `${county.tenantId}@${end}`;
  if (!runs.has(key)) runs.set(key, countySeries(inputOf(county), end));
  return runs.get(key)!;
}

const reservoirOf = (county: CountySeed, key: string) => inputOf(county).reservoirs.find((r) => r.key === key)!;
const decimals = (value: number, digits: number) => Math.abs(value * 10 ** digits - Math.round(value * 10 ** digits)) < 1e-6;

describe('demo series', () => {
  it('are deterministic: the same county and end give the same readings', () => {
    const county = demoCounties.find((c) => c.tenantId === '173509')!;
    const first = countySeries(inputOf(county), ENDS[0]);
    const second = countySeries(inputOf(county), ENDS[0]);
    expect(second).toEqual(first);
    expect(first.series.length).toBeGreaterThan(10);
  });

  it('are sampled daily at 08:00 for a year, hourly for 30 days and every 5 minutes for the last 3 days (dam safety 4-hourly), ending at the end', () => {
    const end = parseLocal('2026-11-26 13:45:00');
    const { times, hourlyFrom, fiveMinuteFrom } = timeline(end, 'telemetry');
    expect(formatLocal(hourlyFrom)).toBe('2026-10-27 08:00:00');
    expect(formatLocal(fiveMinuteFrom)).toBe('2026-11-23 13:00:00');
    expect(times.at(-1)).toBe(end);
    expect(times.every((t, i) => i === 0 || t > times[i - 1])).toBe(true);
    const daily = times.filter((t) => t <= hourlyFrom);
    expect(daily.every((t) => formatLocal(t).endsWith(' 08:00:00'))).toBe(true);
    expect(daily.length).toBeGreaterThanOrEqual(334);
    expect(times[0]).toBeGreaterThan(end - 365 * DAY);
    expect(times.filter((t) => t > hourlyFrom && t <= fiveMinuteFrom).length).toBe((fiveMinuteFrom - hourlyFrom) / HOUR);
    expect(times.filter((t) => t > fiveMinuteFrom).length).toBe((end - fiveMinuteFrom) / (5 * 60_000));
    // Dam-safety instruments report every 4 hours to the end.
    const damSafety = timeline(end, 'damSafety').times;
    const recent = damSafety.filter((t) => t > hourlyFrom);
    expect(recent.every((t, i) => t % (4 * HOUR) === 0 && (i === 0 || t - recent[i - 1] === 4 * HOUR))).toBe(true);
    expect(recent.length).toBe((parseLocal('2026-11-26 12:00:00') - hourlyFrom) / (4 * HOUR));
    expect(damSafety.at(-1)).toBe(parseLocal('2026-11-26 12:00:00'));
  });

  describe.each(demoCounties.map((c) => [c.countyName, c] as const))('%s', (_, county) => {
    it.each(ENDS)('keeps every level between dead level and the design flood level, in mm (end %s)', (end) => {
      const levels = run(county, end).series.filter((s) => s.element === 'ZU');
      expect(levels.length).toBe(county.reservoirs.length);
      for (const series of levels) {
        const reservoir = reservoirOf(county, series.reservoirKey);
        expect(Math.min(...series.values)).toBeGreaterThan(reservoir.deadWaterLevel);
        expect(Math.max(...series.values)).toBeLessThan(reservoir.designFloodLevel);
        expect(series.values.every((value) => decimals(value, 3))).toBe(true);
        // The level moves with the seasons and the storms (not a flat line).
        expect(Math.max(...series.values) - Math.min(...series.values)).toBeGreaterThan(0.5);
      }
    });

    it.each(ENDS)('has one reservoir cross its flood-limit level within the last 24 h and stay above (end %s)', (end) => {
      const result = run(county, end);
      expect(result.crossingReservoir).toBeDefined();
      const reservoir = reservoirOf(county, result.crossingReservoir!);
      const series = result.series.find((s) => s.element === 'ZU' && s.reservoirKey === reservoir.key)!;
      const last = series.times.at(-1)!;
      const before = series.values.filter((_, i) => series.times[i] <= last - DAY);
      const lastDay = series.values.filter((_, i) => series.times[i] > last - DAY);
      expect(before.at(-1)!).toBeLessThan(reservoir.floodLimitWaterLevel);
      const firstAbove = lastDay.findIndex((value) => value >= reservoir.floodLimitWaterLevel);
      expect(firstAbove).toBeGreaterThan(0);
      expect(lastDay.slice(firstAbove).every((value) => value >= reservoir.floodLimitWaterLevel)).toBe(true);
      // The last storm's rain fell at that reservoir in the last day.
      const rain = result.series.find((s) => s.element === 'PJ' && s.reservoirKey === reservoir.key)!;
      expect(rain.values.filter((_, i) => rain.times[i] > last - DAY).reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
    });

    it('measures rain ≥ 0 in 0.1 mm steps, on 30–55 % of flood-season days and 8–25 % of the others, with a few storm days', () => {
      for (const series of run(county, ENDS[0]).series.filter((s) => s.element === 'PJ')) {
        expect(series.values.every((value) => value >= 0 && decimals(value, 1))).toBe(true);
        expect(series.values.filter((_, i) => series.times[i] > series.times.at(-1)! - 2 * DAY).every((v) => v <= 25.4)).toBe(true);
        const days = hydrologicalDays(series);
        const share = (flood: boolean) => {
          const chosen = [...days].filter(([day]) => isFloodSeason(parseLocal(`${day} 00:00:00`)) === flood);
          return chosen.filter(([, total]) => total >= 0.1).length / chosen.length;
        };
        expect(share(true)).toBeGreaterThanOrEqual(0.3);
        expect(share(true)).toBeLessThanOrEqual(0.55);
        expect(share(false)).toBeGreaterThanOrEqual(0.08);
        expect(share(false)).toBeLessThanOrEqual(0.25);
        const storms = [...days.values()].filter((total) => total >= 50).length;
        expect(storms).toBeGreaterThanOrEqual(2);
        expect(storms).toBeLessThanOrEqual(15);
        const totals = [...days.values()].filter((total) => total >= 0.1);
        expect(totals.filter((total) => total < 25).length / totals.length).toBeGreaterThan(0.75);
      }
    });

    it('has seepage follow the level days later, pressures ≥ 0 and the crest settle a few mm a year', () => {
      const result = run(county, ENDS[0]);
      for (const flow of result.series.filter((s) => s.element === 'SQ')) {
        expect(flow.values.every((v) => v > 0 && v < 10 && decimals(v, 3))).toBe(true);
        const level = result.series.find((s) => s.element === 'ZU' && s.reservoirKey === flow.reservoirKey)!;
        expect(bestLagHours(level, flow)).toBeGreaterThanOrEqual(24);
      }
      for (const pressure of result.series.filter((s) => s.element === 'SP')) {
        expect(pressure.values.every((v) => v >= -1 && v < 500 && decimals(v, 2))).toBe(true);
      }
      for (const settlement of result.series.filter((s) => s.element === 'DZ')) {
        const first = settlement.values.slice(0, 30);
        const last = settlement.values.slice(-6 * 30);
        const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
        expect(mean(last) - mean(first)).toBeGreaterThan(0);
        expect(mean(last) - mean(first)).toBeLessThan(8);
      }
      for (const horizontal of result.series.filter((s) => s.element === 'DX' || s.element === 'DY')) {
        expect(horizontal.values.every((v) => Math.abs(v) < 30)).toBe(true);
      }
    });
  });
});

/** Rain per hydrological day (D-1 08:00, D 08:00], named by D. */
function hydrologicalDays(series: ElementSeries): Map<string, number> {
  const days = new Map<string, number>();
  series.times.forEach((t, i) => {
    const day = formatLocal(t - 8 * HOUR - 1 + DAY).slice(0, 10);
    days.set(day, Math.round(((days.get(day) ?? 0) + series.values[i]) * 10) / 10);
  });
  // The first day may be partial.
  days.delete([...days.keys()][0]);
  return days;
}

/** The lag (hours, 0–10 days) at which the hourly seepage flow correlates best with the hourly level before it. */
function bestLagHours(level: ElementSeries, flow: ElementSeries): number {
  const levelAt = new Map(level.times.map((t, i) => [t, level.values[i]]));
  const hourly = flow.times.filter((t) => t % HOUR === 0 && t > flow.times.at(-1)! - 28 * DAY);
  const valueOf = new Map(flow.times.map((t, i) => [t, flow.values[i]]));
  let best = { lag: 0, r: -Infinity };
  for (let lag = 0; lag <= 240; lag += 6) {
    const pairs = hourly.filter((t) => levelAt.has(t - lag * HOUR)).map((t) => [levelAt.get(t - lag * HOUR)!, valueOf.get(t)!]);
    const r = correlation(pairs);
    if (r > best.r) best = { lag, r };
  }
  return best.lag;
}

function correlation(pairs: number[][]): number {
  const n = pairs.length;
  const mx = pairs.reduce((a, [x]) => a + x, 0) / n;
  const my = pairs.reduce((a, [, y]) => a + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy || 1);
}
