/**
 * The reading register's one rule (readingRefusal) and the day a reading counts in:
 * each refusal with its reason and a message naming the range or the station's family;
 * rainfall's hydrological day (D-1 08:00, D 08:00], other elements the calendar day;
 * the day figures of a set of readings; the MQTT topic and prefix checks.
 */
import { describe, expect, it } from 'vitest';
import { canonicalTime, dayRange, readingDay, readingRefusal, rollupOf, type StationFacts } from '../../src/server/monitor/readingRules.js';
import { isValidTopicPrefix, topicParts } from '../../src/server/monitor/mqttIngest.js';
import { REJECT_REASONS } from '../../src/server/monitor/rejectReasons.js';

const LATEST = '2026-11-26 12:05:00';
const levelStation: StationFacts = { id: '1', stationName: '石门水库坝前水位站', reservoirId: '9', monitorType: 1 };
const rainStation: StationFacts = { id: '2', stationName: '石门水库雨量站', reservoirId: '9', monitorType: 2 };

describe('readingRefusal', () => {
  it('accepts a reading of the station’s family, in range, not in the future', () => {
    expect(readingRefusal({ element: 1, observeTime: '2026-11-26 12:00:00', value: 101.5 }, levelStation, LATEST)).toBeUndefined();
    expect(readingRefusal({ element: 2, observeTime: '2026-11-26 12:05:00', value: 0 }, rainStation, LATEST)).toBeUndefined();
    expect(readingRefusal({ element: 2, observeTime: '2026-11-26T12:00:00', value: 300 }, rainStation, LATEST)).toBeUndefined();
  });

  it('names the reason of each refusal', () => {
    const reason = (reading: object, station: StationFacts | undefined = levelStation) =>
      readingRefusal({ element: 1, observeTime: '2026-11-26 12:00:00', value: 100, ...reading }, station, LATEST)?.reason;
    expect(readingRefusal({ element: 1, observeTime: '2026-11-26 12:00:00', value: 100 }, undefined, LATEST)?.reason).toBe('unknown_station');
    expect(reason({ element: 99 })).toBe('unknown_element');
    expect(reason({ element: 2 })).toBe('wrong_family');
    expect(reason({}, { ...levelStation, monitorType: null })).toBe('wrong_family');
    expect(reason({ observeTime: '2026-11-26 12:05:01' })).toBe('future_time');
    expect(reason({ observeTime: '2026-02-29 12:00:00' })).toBe('bad_time');
    expect(reason({ observeTime: '2026-11-26 24:00:00' })).toBe('bad_time');
    expect(reason({ observeTime: '26-11-2026' })).toBe('bad_time');
    expect(reason({ value: '100' })).toBe('bad_value');
    expect(reason({ value: Number.NaN })).toBe('bad_value');
    expect(reason({ value: 6000.001 })).toBe('out_of_range');
    expect(reason({ value: -50.5 })).toBe('out_of_range');
    expect(REJECT_REASONS).toContain('too_many');
  });

  it('says what was wrong in both languages', () => {
    const range = readingRefusal({ element: 2, observeTime: '2026-11-26 12:00:00', value: 301 }, rainStation, LATEST)!;
    expect(range.zh).toBe('降水量测值 301 超出合理范围 0～300 mm');
    expect(range.en).toBe('The rainfall value 301 is outside the plausible range 0 to 300 mm');
    const family = readingRefusal({ element: 2, observeTime: '2026-11-26 12:00:00', value: 1 }, levelStation, LATEST)!;
    expect(family.zh).toBe('测站「石门水库坝前水位站」为水位测站，不接收降水量（PJ）数据');
    expect(readingRefusal({ element: 1, observeTime: '2026-11-27 00:00:00', value: 1 }, levelStation, LATEST)!.zh).toBe('观测时间晚于当前时间');
  });
});

describe('the day a reading counts in', () => {
  it('rainfall: 08:00 closes day D, a second later opens D+1', () => {
    expect(readingDay(2, '2026-07-10 08:00:00')).toBe('2026-07-10');
    expect(readingDay(2, '2026-07-10 08:00:01')).toBe('2026-07-11');
    expect(readingDay(2, '2026-07-10 08:05:00')).toBe('2026-07-11');
    expect(readingDay(2, '2026-07-10 00:00:00')).toBe('2026-07-10');
    expect(readingDay(2, '2026-12-31 09:00:00')).toBe('2027-01-01');
    expect(readingDay(2, '2024-02-28 23:00:00')).toBe('2024-02-29');
    expect(dayRange(2, '2026-03-01')).toEqual({ after: '2026-02-28 08:00:00', upTo: '2026-03-01 08:00:00' });
  });

  it('other elements: the calendar day', () => {
    expect(readingDay(1, '2026-07-10 00:00:00')).toBe('2026-07-10');
    expect(readingDay(1, '2026-07-10 23:59:59')).toBe('2026-07-10');
    expect(readingDay(7, '2026-07-10 08:05:00')).toBe('2026-07-10');
    expect(dayRange(1, '2026-03-01')).toEqual({ after: '2026-02-28 23:59:59', upTo: '2026-03-01 23:59:59' });
  });

  it('canonical times', () => {
    expect(canonicalTime('2026-07-10T08:00:00')).toBe('2026-07-10 08:00:00');
    expect(canonicalTime('2026-07-10 08:00')).toBeUndefined();
    expect(canonicalTime(20260710)).toBeUndefined();
  });
});

describe('rollupOf', () => {
  it('counts, sums, finds the lowest, highest (earliest on a tie) and last reading of each day', () => {
    const readings = [
      { stationId: '5', element: 2, observeTime: '2026-07-09 08:00:00', value: 1 },
      { stationId: '5', element: 2, observeTime: '2026-07-09 09:00:00', value: 2.5 },
      { stationId: '5', element: 2, observeTime: '2026-07-10 08:00:00', value: 0.5 },
      { stationId: '5', element: 2, observeTime: '2026-07-09 20:00:00', value: 2.5 },
      { stationId: '5', element: 1, observeTime: '2026-07-10 08:00:00', value: 100 },
    ];
    const rows = rollupOf(readings);
    expect(rows.map((r) => [r.element, r.day, r.readings, r.total])).toEqual([
      [1, '2026-07-10', 1, 100],
      [2, '2026-07-09', 1, 1],
      [2, '2026-07-10', 3, 5.5],
    ]);
    expect(rows[2]).toMatchObject({
      minimum: 0.5,
      minimumTime: '2026-07-10 08:00:00',
      maximum: 2.5,
      maximumTime: '2026-07-09 09:00:00',
      lastValue: 0.5,
      lastTime: '2026-07-10 08:00:00',
    });
  });
});

describe('MQTT topics', () => {
  it('reads tenant and station from a readings topic under the prefix', () => {
    expect(topicParts('rsc', 'rsc/100001/station/3505240001/readings')).toEqual({ tenantId: '100001', stationCode: '3505240001' });
    expect(topicParts('a/b', 'a/b/100001/station/X1/readings')).toEqual({ tenantId: '100001', stationCode: 'X1' });
    expect(topicParts('rsc', 'rsc/100001/station/3505240001/ack')).toBeUndefined();
    expect(topicParts('rsc', 'other/100001/station/1/readings')).toBeUndefined();
    expect(topicParts('rsc', 'rsc/100001/station/1/readings/extra')).toBeUndefined();
  });

  it('takes plain prefixes only', () => {
    expect(isValidTopicPrefix('rsc')).toBe(true);
    expect(isValidTopicPrefix('water/rsc')).toBe(true);
    for (const bad of ['', '+', 'a/#', '$SYS', 'a//b', 'a/', '/a', 'a b']) expect(isValidTopicPrefix(bad), bad).toBe(false);
  });
});
