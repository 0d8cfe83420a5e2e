/**
 * Demo monitoring series (issue 13 §E), pure and deterministic: the same
 * county, reservoirs, stations and end time always give the same readings.
 * Times are local wall-clock times (Asia/Shanghai, no daylight saving) held
 * as milliseconds of the same wall clock read as UTC, so formatting is
 * `toISOString` without any zone arithmetic.
 *
 * Model (domain notes §6):
 * - Rain: county weather per calendar day (seeded by county and date, so a
 *   day's rain does not depend on when the seed ran) — zero-inflated, wetter
 *   in the flood season and the plum rains, events of 2–12 h, daily totals
 *   mostly under 25 mm and a few 50–150 mm storm days; each reservoir gets
 *   most events, scaled and shifted a little. Depths fall through a 0.1 mm
 *   tipping bucket, so every reading is a multiple of 0.1 mm and totals add up
 *   over any resolution. County-wide storms fall 2–3 weeks and 16–22 h
 *   before the end.
 * - Level: a water balance in 5-minute steps — runoff (coefficient from the
 *   antecedent rain) routed through the catchment, seasonal draw-off for
 *   irrigation and supply, release back below the flood-limit level and
 *   spillway overflow above the normal level (exponential recessions), never
 *   below dead level + 0.3 m nor above normal + 60 % of the way to the design
 *   flood level. The county's quickest-rising reservoir is drawn down just
 *   below its flood-limit level before the last storm, which lifts it above
 *   the limit within the last 24 h, where it stays at the end.
 * - Seepage flow and pressure follow the level through a lag of days;
 *   deformation drifts some mm a year with a seasonal ±1–2 mm.
 * Sampling: a year of daily 08:00 readings, then for level and rain
 * telemetry hourly for the last 30 days and every 5 minutes for the last 3;
 * dam-safety instruments every 4 hours for the last 30 days (no extra
 * reports: their quantities change over days). The contract asks for 60 days
 * hourly; 30 (the longest range a chart query may ask for, 31 days) keeps the
 * seed within its start-up budget — HOURLY_DAYS sets it.
 */
import { randomFrom } from './reservoirFigures.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const SLOT = 5 * MINUTE;
const SLOTS_PER_DAY = DAY / SLOT;
/** How long before the year shown the simulation starts (the level settles meanwhile). */
const WARM_UP_DAYS = 40;
export const HISTORY_DAYS = 365;
export const HOURLY_DAYS = 30;
export const FIVE_MINUTE_DAYS = 3;

export interface DemoReservoirInput {
  /** Stable key (the register code): seeds the reservoir's randomness. */
  key: string;
  deadWaterLevel: number;
  floodLimitWaterLevel: number;
  normalWaterLevel: number;
  designFloodLevel: number;
  checkFloodLevel: number;
  /** 万m³ */
  totalCapacity: number;
  /** km² */
  catchmentArea: number;
  stations: { code: string; monitorType: number }[];
}

export interface DemoCountyInput {
  /** Stable key (the tenant id): seeds the county's weather. */
  key: string;
  reservoirs: DemoReservoirInput[];
}

/** One station element's readings, times ascending (wall-clock ms). */
export interface ElementSeries {
  stationCode: string;
  reservoirKey: string;
  monitorType: number;
  /** Wire code (ZU, PJ, SQ, SP, DX, DY, DZ). */
  element: string;
  times: number[];
  values: number[];
}

export interface CountySeries {
  series: ElementSeries[];
  /** The reservoir made to cross its flood-limit level in the last 24 h (none without a level station). */
  crossingReservoir?: string;
  /** Start of the last storm. */
  stormStart: number;
}

// ---------------------------------------------------------------- time

/** 'yyyy-MM-dd HH:mm:ss' → wall-clock ms. */
export function parseLocal(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a local time: ${text}`);
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** wall-clock ms → 'yyyy-MM-dd HH:mm:ss'. */
export function formatLocal(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
const dayOfYear = (ms: number) => Math.floor((ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY) + 1;

/** The end of the demo series: the given time floored to 5 minutes. */
export function seriesEnd(now: string | number): number {
  return floorTo(typeof now === 'string' ? parseLocal(now) : now, SLOT);
}

export interface Timeline {
  /** Daily 08:00 readings, then hourly (dam safety: 4-hourly), then (telemetry) 5-minute, ascending. */
  times: number[];
  /** Where the hourly part starts (the 08:00 at or before end − HOURLY_DAYS). */
  hourlyFrom: number;
  /** Where the 5-minute part starts (the hour at or before end − 3 days; the end itself for dam safety). */
  fiveMinuteFrom: number;
}

/** Level and rain telemetry, or dam-safety instruments (seepage, deformation). */
export type SamplingKind = 'telemetry' | 'damSafety';

/** Dam-safety instruments report every 4 hours after the daily part (00:00, 04:00 … 20:00). */
export const DAM_SAFETY_STEP = 4 * HOUR;

/**
 * Sample times ending at `end`: 08:00 daily over the year up to the 08:00 at or before end − HOURLY_DAYS (H); after
 * H telemetry reports every hour up to the hour at or before end − 3 days (H3) and every 5 minutes after it,
 * dam-safety instruments every 4 hours to the end. Each part starts right after the previous one's last time, so a
 * rainfall reading's interval (since the previous reading) is never more than the part's step.
 */
export function timeline(end: number, kind: SamplingKind): Timeline {
  const first8 = (ms: number) => {
    const eight = floorTo(ms, DAY) + 8 * HOUR;
    return eight > ms ? eight - DAY : eight;
  };
  const hourlyFrom = first8(end - HOURLY_DAYS * DAY);
  const fiveMinutes = kind === 'telemetry';
  const fiveMinuteFrom = fiveMinutes ? floorTo(end - FIVE_MINUTE_DAYS * DAY, HOUR) : end;
  const times: number[] = [];
  for (let t = first8(end - HISTORY_DAYS * DAY) + DAY; t <= hourlyFrom; t += DAY) times.push(t);
  const step = fiveMinutes ? HOUR : DAM_SAFETY_STEP;
  for (let t = hourlyFrom + step; t <= fiveMinuteFrom && t <= end; t += step) times.push(t);
  if (fiveMinutes) for (let t = fiveMinuteFrom + SLOT; t <= end; t += SLOT) times.push(t);
  return { times, hourlyFrom, fiveMinuteFrom };
}

// ---------------------------------------------------------------- rain

/** 主汛期 (flood season) 15 April – 15 October; 梅雨 (plum rains) 10 June – 10 July. */
export function isFloodSeason(ms: number): boolean {
  const d = new Date(ms);
  const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  return md >= 415 && md <= 1015;
}

/** The chance that rain starts on a day (an event running past 08:00 wets two hydrological days). */
function rainDayChance(ms: number): number {
  const d = new Date(ms);
  const md = (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  if (md >= 610 && md <= 710) return 0.42;
  if (isFloodSeason(ms)) return 0.29;
  if (md >= 301) return 0.15;
  return 0.08;
}

/** A standard normal number from two uniforms. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

interface RainEvent {
  /** Start (wall-clock ms, on the 5-minute grid). */
  start: number;
  slots: number;
  depth: number;
  /** Storms reach every reservoir of the county. */
  isStorm: boolean;
  /** Seeds the per-reservoir variation. */
  id: string;
}

/** The county's rain events that start on a calendar day (wall-clock midnight `day`). */
function eventsOfDay(county: string, day: number): RainEvent[] {
  const date = formatLocal(day).slice(0, 10);
  const random = randomFrom(`${county}:rain:${date}`);
  const flood = isFloodSeason(day);
  const events: RainEvent[] = [];
  // A few storm days per flood season (typhoons, plum-rain fronts).
  if (flood && random() < 0.03) {
    events.push({
      start: day + Math.floor(random() * SLOTS_PER_DAY) * SLOT,
      slots: Math.round((8 + random() * 10) * 12),
      depth: 50 + 100 * random() ** 1.5,
      isStorm: true,
      id: `${date}:s`,
    });
    return events;
  }
  if (random() >= rainDayChance(day)) return events;
  const count = random() < 0.3 ? 2 : 1;
  for (let index = 0; index < count; index++) {
    const median = flood ? 5 : 3;
    events.push({
      start: day + Math.floor(random() * SLOTS_PER_DAY) * SLOT,
      slots: Math.round((2 + random() * 10) * 12),
      depth: Math.min(45, median * Math.exp(0.9 * gaussian(random))),
      isStorm: false,
      id: `${date}:${index}`,
    });
  }
  return events;
}

/**
 * A storm two to three weeks before the end, 6–10 h long, 65–95 mm, whatever the season, within one hydrological
 * day (it ends 0–2 h before an 08:00): the warnings it raised have cleared by now, so the history pages have a
 * finished episode to show.
 */
function earlierStorm(county: string, end: number): RainEvent {
  const random = randomFrom(`${county}:earlier:${formatLocal(end).slice(0, 10)}`);
  const closing = floorTo(end - (14 + 6 * random()) * DAY, DAY) + 8 * HOUR;
  const slots = Math.round((6 + 4 * random()) * 12);
  const start = floorTo(closing - slots * SLOT - 2 * HOUR * random(), SLOT);
  return { start, slots, depth: 65 + 30 * random(), isStorm: true, id: 'earlier' };
}

/** The storm of the last day: starts 16–22 h before the end, 7–10 h long, 70–110 mm. */
function lastStorm(county: string, end: number, boost: number): RainEvent {
  const random = randomFrom(`${county}:storm:${formatLocal(end).slice(0, 10)}`);
  const start = floorTo(end - (16 + 6 * random()) * HOUR, SLOT);
  return { start, slots: Math.round((7 + 3 * random()) * 12), depth: (70 + 40 * random()) * boost, isStorm: true, id: 'last' };
}

/**
 * A reservoir's rain in 5-minute slots from `from` (slot i covers (from + i·5 min, from + (i+1)·5 min]), as a
 * tipping bucket of 0.1 mm counts it: cumulative tips, so any interval's rain is a difference of two entries
 * (index k = tips up to from + k·5 min).
 */
function rainTips(county: string, reservoir: string, events: RainEvent[], from: number, slots: number, heaviest?: string): Int32Array {
  const depth = new Float64Array(slots);
  for (const event of events) {
    const random = randomFrom(`${county}:${reservoir}:${event.id}`);
    if (!event.isStorm && random() < 0.1) continue; // a shower that missed this reservoir
    // The last storm is heaviest at the reservoir meant to cross its flood-limit level, patchier elsewhere.
    const factor =
      event.id === 'last' ? (reservoir === heaviest ? 1.1 : 0.35 + 0.6 * random()) : event.isStorm ? 0.75 + 0.45 * random() : Math.exp(0.25 * gaussian(random));
    const shift = event.isStorm ? 0 : Math.round((random() - 0.5) * 12) * SLOT;
    const peak = 0.25 + 0.3 * random();
    const weights: number[] = [];
    for (let i = 0; i < event.slots; i++) {
      const x = (i + 0.5) / event.slots;
      const shape = x < peak ? x / peak : (1 - x) / (1 - peak);
      weights.push(Math.max(0, shape) * (0.4 + 1.2 * random()));
    }
    const sum = weights.reduce((a, b) => a + b, 0) || 1;
    const first = Math.round((event.start + shift - from) / SLOT);
    weights.forEach((weight, i) => {
      const slot = first + i;
      if (slot >= 0 && slot < slots) depth[slot] = Math.min(25, depth[slot] + (event.depth * factor * weight) / sum);
    });
  }
  const tips = new Int32Array(slots + 1);
  let total = 0;
  for (let i = 0; i < slots; i++) {
    total += depth[i];
    tips[i + 1] = Math.floor(total * 10 + 1e-9);
  }
  return tips;
}

// ---------------------------------------------------------------- level

/** Water surface at the flood-limit level, km², from the storage curve the reservoir seed uses (V ∝ (h − bed)^2.5). */
export function surfaceAreaKm2(reservoir: DemoReservoirInput): number {
  const bed = reservoir.deadWaterLevel - 0.42 * (reservoir.normalWaterLevel - reservoir.deadWaterLevel);
  const depth = Math.max(1, reservoir.checkFloodLevel - bed);
  const at = Math.max(0.5, reservoir.floodLimitWaterLevel - bed);
  return (reservoir.totalCapacity * 2.5 * at ** 1.5) / depth ** 2.5 / 100;
}

/**
 * Metres of rise per mm of rain turned to runoff: catchment / surface (a quarter of it — the banks widen above
 * the flood-limit level and the outlet runs during the event), kept within 4–20 mm per mm.
 */
export function levelGain(reservoir: DemoReservoirInput): number {
  const gain = (0.25 * reservoir.catchmentArea) / (1000 * surfaceAreaKm2(reservoir));
  return Math.min(0.02, Math.max(0.004, Number.isFinite(gain) ? gain : 0.01));
}

/** Ceiling of the simulated level: normal level + 60 % of the way to the design flood level. */
export function levelCeiling(reservoir: DemoReservoirInput): number {
  return reservoir.normalWaterLevel + 0.6 * (reservoir.designFloodLevel - reservoir.normalWaterLevel);
}

/** Floor of the simulated level: dead level + 0.3 m. */
export function levelFloor(reservoir: DemoReservoirInput): number {
  return reservoir.deadWaterLevel + 0.3;
}

interface LevelOptions {
  /** Draw the level to floodLimit − 0.2 m over the days before this time (pre-release ahead of the storm). */
  drawDownBefore?: number;
}

/** The level at the end of every 5-minute slot (index k = level at from + k·5 min). */
function simulateLevel(reservoir: DemoReservoirInput, tips: Int32Array, from: number, options: LevelOptions): Float64Array {
  const random = randomFrom(`${reservoir.key}:level`);
  const gain = levelGain(reservoir);
  // Draw-off in proportion to the inflow the catchment brings (a reservoir with a small catchment is spared).
  const drawOff = (0.6 + 0.8 * random()) * Math.min(1.3, Math.max(0.35, gain / 0.014));
  const floor = levelFloor(reservoir);
  const ceiling = levelCeiling(reservoir);
  const target = reservoir.floodLimitWaterLevel - 0.05;
  const slots = tips.length - 1;
  const levels = new Float64Array(slots + 1);
  let level = Math.max(floor, reservoir.floodLimitWaterLevel - 0.8 - random());
  levels[0] = level;
  let antecedent = 20; // mm, antecedent precipitation index
  let routed = 0; // mm of runoff on its way through the catchment
  const apiDecay = Math.exp(-1 / (6 * SLOTS_PER_DAY)); // ~6-day memory
  const routeOut = 1 - Math.exp(-1 / 36); // 3 h catchment lag
  const release = 1 - Math.exp(-1 / (30 * 12)); // 30 h back below the flood-limit level
  const spill = 1 - Math.exp(-1 / (10 * 12)); // 10 h spillway recession
  const drawDown = 1 - Math.exp(-1 / (12 * 12));
  for (let k = 0; k < slots; k++) {
    const t = from + (k + 1) * SLOT;
    const rain = (tips[k + 1] - tips[k]) / 10;
    antecedent = antecedent * apiDecay + rain;
    const coefficient = 0.15 + 0.55 * Math.min(1, antecedent / 60);
    routed += rain * coefficient;
    const out = routed * routeOut;
    routed -= out;
    level += out * gain;
    // Irrigation (May–September) and supply draw-off, evaporation: m/day.
    const month = new Date(t).getUTCMonth() + 1;
    const daily = (month >= 5 && month <= 9 ? 0.02 : 0.015) * drawOff;
    level -= daily / SLOTS_PER_DAY;
    if (level > target) level -= (level - target) * release + Math.min(level - target, 0.1 / SLOTS_PER_DAY);
    if (level > reservoir.normalWaterLevel) level -= (level - reservoir.normalWaterLevel) * spill;
    if (options.drawDownBefore !== undefined && t > options.drawDownBefore - 5 * DAY && t <= options.drawDownBefore) {
      level += (reservoir.floodLimitWaterLevel - 0.2 - level) * drawDown;
    }
    level = Math.min(ceiling, Math.max(floor, level));
    levels[k + 1] = level;
  }
  return levels;
}

/** First-order lag (time constant in 5-minute slots) of a slot series. */
function lagged(values: Float64Array, slots: number): Float64Array {
  const out = new Float64Array(values.length);
  const a = 1 - Math.exp(-1 / slots);
  let state = values[0];
  for (let k = 0; k < values.length; k++) {
    state += (values[k] - state) * a;
    out[k] = state;
  }
  return out;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------- county

interface Prepared {
  reservoir: DemoReservoirInput;
  tips: Int32Array;
  levels?: Float64Array;
}

/** Whether a level series (5-minute slots from `from`) crosses the flood-limit level within the last 24 h and stays above. */
function crossesAtEnd(reservoir: DemoReservoirInput, levels: Float64Array, from: number, end: number): boolean {
  const endSlot = Math.round((end - from) / SLOT);
  const dayBefore = endSlot - SLOTS_PER_DAY;
  const margin = 0.03; // above the noise (±0.5 cm)
  if (levels[dayBefore] >= reservoir.floodLimitWaterLevel - margin) return false;
  let firstAbove = -1;
  for (let k = dayBefore; k <= endSlot; k++) {
    if (levels[k] >= reservoir.floodLimitWaterLevel + margin) {
      if (firstAbove < 0) firstAbove = k;
    } else if (firstAbove >= 0) return false;
  }
  return firstAbove >= 0;
}

export function countySeries(county: DemoCountyInput, endTime: string | number): CountySeries {
  const end = seriesEnd(endTime);
  const from = floorTo(end - (HISTORY_DAYS + WARM_UP_DAYS) * DAY, DAY);
  const slots = (end - from) / SLOT;
  const dailyEvents: RainEvent[] = [];
  for (let day = from - DAY; day <= end; day += DAY) dailyEvents.push(...eventsOfDay(county.key, day));
  dailyEvents.push(earlierStorm(county.key, end));
  const withLevel = county.reservoirs.filter((r) => r.stations.some((s) => s.monitorType === 1));
  // The county's quickest-rising reservoir with a level gauge crosses its flood-limit level in the last storm.
  const crossing = [...withLevel].sort((a, b) => levelGain(b) - levelGain(a) || a.key.localeCompare(b.key))[0];
  let storm = lastStorm(county.key, end, 1);
  const prepare = (reservoir: DemoReservoirInput, stormEvent: RainEvent): Prepared => {
    // Three dry days before the last storm, while the crossing reservoir is drawn down below its flood-limit level.
    const events = [...dailyEvents.filter((e) => e.start + e.slots * SLOT < stormEvent.start - 3 * DAY || e.start > end), stormEvent];
    const tips = rainTips(county.key, reservoir.key, events, from, slots, crossing?.key);
    const hasLevel = withLevel.includes(reservoir);
    const levels = hasLevel ? simulateLevel(reservoir, tips, from, { drawDownBefore: reservoir === crossing ? stormEvent.start : undefined }) : undefined;
    return { reservoir, tips, levels };
  };
  // The designated crossing must happen: a stronger storm if its rise falls short (deterministic, rarely needed).
  let crossingPrepared: Prepared | undefined;
  if (crossing) {
    for (let boost = 1; boost <= 4; boost *= 1.4) {
      storm = lastStorm(county.key, end, boost);
      crossingPrepared = prepare(crossing, storm);
      if (crossesAtEnd(crossing, crossingPrepared.levels!, from, end)) break;
    }
  }
  const series: ElementSeries[] = [];
  for (const reservoir of county.reservoirs) {
    const prepared = reservoir === crossing ? crossingPrepared! : prepare(reservoir, storm);
    series.push(...reservoirSeries(prepared, from, end));
  }
  return { series, crossingReservoir: crossing?.key, stormStart: storm.start };
}

function reservoirSeries(prepared: Prepared, from: number, end: number): ElementSeries[] {
  const { reservoir, tips } = prepared;
  const slotOf = (t: number) => Math.round((t - from) / SLOT);
  const levels = prepared.levels ?? flatLevels(reservoir, tips.length);
  const out: ElementSeries[] = [];
  for (const station of reservoir.stations) {
    const random = randomFrom(`${station.code}:readings`);
    const base = { stationCode: station.code, reservoirKey: reservoir.key, monitorType: station.monitorType };
    const telemetry = station.monitorType === 1 || station.monitorType === 2;
    const { times } = timeline(end, telemetry ? 'telemetry' : 'damSafety');
    if (station.monitorType === 1) {
      const values = times.map((t) => round(levels[slotOf(t)] + (random() - 0.5) * 0.01, 3));
      out.push({ ...base, element: 'ZU', times, values });
    } else if (station.monitorType === 2) {
      const values = times.map((t, i) => {
        const previous = i === 0 ? t - DAY : times[i - 1];
        return (tips[slotOf(t)] - tips[Math.max(0, slotOf(previous))]) / 10;
      });
      out.push({ ...base, element: 'PJ', times, values });
    } else if (station.monitorType === 3) {
      out.push({ ...base, element: 'SQ', times, values: seepageFlow(reservoir, station.code, levels, times, slotOf) });
    } else if (station.monitorType === 4) {
      out.push({ ...base, element: 'SP', times, values: seepagePressure(reservoir, station.code, levels, times, slotOf) });
    } else if (station.monitorType === 5) {
      out.push(...deformation(reservoir, station.code, levels, times, slotOf).map((s) => ({ ...base, ...s, times })));
    }
  }
  return out;
}

/** A reservoir without a level gauge still has a level for its dam instruments. */
function flatLevels(reservoir: DemoReservoirInput, length: number): Float64Array {
  return new Float64Array(length).fill(reservoir.floodLimitWaterLevel - 0.5);
}

/** The mean seepage flow (L/s) of a station: 0.05–2 L/s, larger dams leak more. */
export function seepageFlowMean(reservoir: DemoReservoirInput, stationCode: string): number {
  const random = randomFrom(`${stationCode}:seepage`);
  const height = reservoir.designFloodLevel - reservoir.deadWaterLevel;
  return round(Math.min(2, Math.max(0.05, (0.08 + 0.04 * height) * (0.6 + 0.8 * random()))), 3);
}

/** Seepage flow follows the level 3–7 days behind: Q = mean · exp(0.25 · (H_lag − H_mean)). */
function seepageFlow(reservoir: DemoReservoirInput, code: string, levels: Float64Array, times: number[], slotOf: (t: number) => number): number[] {
  const random = randomFrom(`${code}:seepage`);
  random(); // the draw seepageFlowMean used
  const mean = seepageFlowMean(reservoir, code);
  const lag = lagged(levels, (3 + 4 * random()) * SLOTS_PER_DAY);
  const reference = reservoir.floodLimitWaterLevel - 0.8;
  return times.map((t) => round(Math.max(0.001, mean * Math.exp(0.25 * (lag[slotOf(t)] - reference)) * (1 + (random() - 0.5) * 0.04)), 3));
}

/** Piezometer at the dam's base: 35–55 % of the reservoir head reaches it, 2–5 days behind; kPa = 9.81 · head. */
function seepagePressure(reservoir: DemoReservoirInput, code: string, levels: Float64Array, times: number[], slotOf: (t: number) => number): number[] {
  const random = randomFrom(`${code}:pressure`);
  const share = 0.35 + 0.2 * random();
  const sensor = reservoir.deadWaterLevel - 0.42 * (reservoir.normalWaterLevel - reservoir.deadWaterLevel) + 1;
  const lag = lagged(levels, (2 + 3 * random()) * SLOTS_PER_DAY);
  return times.map((t) => round(9.81 * share * Math.max(0, lag[slotOf(t)] - sensor) + (random() - 0.5) * 0.6, 2));
}

/** GNSS on the crest: settlement 1–4 mm/yr, downstream 0.5–2 mm/yr plus 0.3 mm per m of lagged level, seasonal ±1–2 mm. */
function deformation(
  reservoir: DemoReservoirInput,
  code: string,
  levels: Float64Array,
  times: number[],
  slotOf: (t: number) => number,
): { element: string; values: number[] }[] {
  const random = randomFrom(`${code}:gnss`);
  const settle = 1 + 3 * random();
  const creep = 0.5 + 1.5 * random();
  const bank = (random() - 0.5) * 1;
  const amplitude = 1 + random();
  const lag = lagged(levels, 5 * SLOTS_PER_DAY);
  const reference = reservoir.floodLimitWaterLevel - 0.8;
  // Offsets since the instruments were installed (about four and a half years before).
  const installed = 4.5;
  const years = (t: number) => installed + (t - times[times.length - 1]) / (365 * DAY);
  const season = (t: number) => Math.sin((2 * Math.PI * (dayOfYear(t) - 100)) / 365);
  const noise = (size: number) => (random() - 0.5) * size;
  return [
    { element: 'DX', values: times.map((t) => round(creep * years(t) + 0.3 * (lag[slotOf(t)] - reference) + 0.5 * amplitude * season(t) + noise(0.6), 2)) },
    { element: 'DY', values: times.map((t) => round(bank * years(t) + 0.4 * amplitude * season(t + 60 * DAY) + noise(0.6), 2)) },
    { element: 'DZ', values: times.map((t) => round(settle * years(t) + amplitude * season(t) + noise(1), 2)) },
  ];
}
