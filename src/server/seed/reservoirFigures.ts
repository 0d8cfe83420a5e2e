/**
 * Figures derived from a demo reservoir's catalogue entry, deterministically
 * (the same entry always gives the same numbers, so seeding stays idempotent
 * and tests can rely on them): characteristic levels in the required order,
 * the level–storage curve scaled so the storage at the check flood level is
 * the total storage, coordinates near the county centre, and the three
 * responsible persons.
 */
import type { CountySeed, ReservoirSeed } from './reservoirCatalog.js';
import { placeOf } from './reservoirPlaces.js';

/** A small deterministic generator (mulberry32) seeded from a text. */
export function randomFrom(text: string): () => number {
  let state = [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export interface Levels {
  deadWaterLevel: number;
  floodLimitWaterLevel: number;
  normalWaterLevel: number;
  designFloodLevel: number;
  checkFloodLevel: number;
  damCrestElevation: number;
}

/** 死水位 < 汛限水位 ≤ 正常蓄水位 < 设计洪水位 < 校核洪水位 < 坝顶高程, with the typical gaps of domain notes §6. */
export function levelsOf(seed: ReservoirSeed): Levels {
  const h = seed.damHeight;
  const crest = seed.bed + h;
  const check = crest - clamp(0.08 * h, 0.6, 1.5);
  const design = check - clamp(0.04 * h, 0.3, 1.0);
  const normal = design - clamp(0.06 * h, 0.5, 1.5);
  // Spillways without gates often keep the flood-limit level at the normal pool level.
  const floodLimit = seed.damType === 1 && h < 12 ? normal : normal - clamp(0.04 * h, 0.3, 1.2);
  return {
    deadWaterLevel: round(seed.bed + 0.25 * h, 2),
    floodLimitWaterLevel: round(floodLimit, 2),
    normalWaterLevel: round(normal, 2),
    designFloodLevel: round(design, 2),
    checkFloodLevel: round(check, 2),
    damCrestElevation: round(crest, 2),
  };
}

export interface CurvePoint {
  waterLevel: number;
  capacity: number;
  area: number;
}

const CURVE_EXPONENT = 2.5;

/** Storage (万m³) at a level: V(h) = V总 · ((h − bed) / (校核 − bed))^b. */
function storageAt(seed: ReservoirSeed, levels: Levels, level: number): number {
  return seed.totalCapacity * Math.max(0, (level - seed.bed) / (levels.checkFloodLevel - seed.bed)) ** CURVE_EXPONENT;
}

/** 10–30 points at 0.5 m multiples, from just above the riverbed to the crest; surface area = dV/dh. */
export function curveOf(seed: ReservoirSeed, levels: Levels): CurvePoint[] {
  const step = Math.max(0.5, Math.ceil(seed.damHeight / 25 / 0.5) * 0.5);
  const points: CurvePoint[] = [];
  for (let level = seed.bed + step; level <= levels.damCrestElevation + 1e-9; level += step) {
    const depth = level - seed.bed;
    const slope = (seed.totalCapacity * CURVE_EXPONENT * depth ** (CURVE_EXPONENT - 1)) / (levels.checkFloodLevel - seed.bed) ** CURVE_EXPONENT;
    points.push({ waterLevel: round(level, 2), capacity: round(storageAt(seed, levels, level), 3), area: round(slope / 100, 4) });
  }
  return points;
}

export interface ReservoirFigures extends Levels {
  deadCapacity: number;
  beneficialCapacity: number;
  damLength: number;
  catchmentArea: number;
  longitude: number;
  latitude: number;
}

export function figuresOf(county: CountySeed, seed: ReservoirSeed): ReservoirFigures {
  const random = randomFrom(`${county.countyCode}:${seed.name}`);
  const levels = levelsOf(seed);
  const dead = storageAt(seed, levels, levels.deadWaterLevel);
  const catchment = seed.scale === 1 ? clamp(seed.totalCapacity / 12, 2, 40) : clamp(seed.totalCapacity / 15, 0.3, 5);
  const placed = placeOf(county.countyCode, seed.name);
  return {
    ...levels,
    deadCapacity: round(dead, 2),
    beneficialCapacity: round(storageAt(seed, levels, levels.normalWaterLevel) - dead, 2),
    damLength: round(50 + seed.damHeight * (4 + random() * 5), 1),
    catchmentArea: round(catchment * (0.8 + random() * 0.4), 2),
    // The place is drawn last, so a hand-placed reservoir changes no other figure.
    longitude: placed?.[0] ?? round(county.centre[0] + (random() - 0.5) * 0.5, 6),
    latitude: placed?.[1] ?? round(county.centre[1] + (random() - 0.5) * 0.4, 6),
  };
}

const SURNAMES = '陈林黄张李王吴刘蔡杨郑许谢洪郭邱曾廖赖周徐苏叶庄吕江何胡高罗';
const GIVEN = [
  '建国',
  '志明',
  '文华',
  '国强',
  '清水',
  '德发',
  '金山',
  '明辉',
  '少华',
  '永春',
  '丽珍',
  '秀英',
  '海峰',
  '春生',
  '福林',
  '振华',
  '惠民',
  '宏伟',
  '晓东',
  '美玲',
  '长青',
  '荣贵',
  '添福',
  '水生',
];

export interface PersonSeed {
  duty: 1 | 2 | 3;
  name: string;
  phone: string;
  post: string;
  unit: string;
}

/** 行政责任人 from the township government, 技术责任人 from the water bureau or station, 巡查责任人 a local keeper. */
export function peopleOf(county: CountySeed, seed: ReservoirSeed, townName: string): PersonSeed[] {
  const random = randomFrom(`${county.countyCode}:${seed.name}:staff`);
  const pick = <T>(items: readonly T[] | string): T => items[Math.floor(random() * items.length)] as T;
  const person = () => `${pick<string>(SURNAMES)}${pick(GIVEN)}`;
  const phone = () => `1${pick<string>('35789')}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
  const technicalUnit = seed.scale === 1 ? county.bureau : `${townName}水利工作站`;
  const head = townName.endsWith('乡') ? '乡长' : townName.endsWith('街道') ? '办事处主任' : '镇长';
  const government = townName.endsWith('街道') ? `${townName}办事处` : `${townName}人民政府`;
  return [
    { duty: 1, name: person(), phone: phone(), post: `${townName}${random() < 0.6 ? '副' : ''}${head}`, unit: government },
    { duty: 2, name: person(), phone: phone(), post: seed.scale === 1 ? '水利工程师' : '水利工作站站长', unit: technicalUnit },
    { duty: 3, name: person(), phone: phone(), post: '护库员', unit: `${seed.name}管理站` },
  ];
}
