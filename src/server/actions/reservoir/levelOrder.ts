/**
 * The order of a reservoir's characteristic levels (domain notes §2.3, §6):
 * 死水位 < 汛限水位 ≤ 正常蓄水位 < 设计洪水位 < 校核洪水位 < 坝顶高程.
 * Only the levels given are compared; a value of the wrong type is left to
 * schema validation, which names the field.
 */
import { badRequest, type Language } from '../../http/apiError.js';
import type { Row } from './requestBody.js';

interface Level {
  field: string;
  zh: string;
  en: string;
}

const LEVELS: Level[] = [
  { field: 'deadWaterLevel', zh: '死水位', en: 'the dead water level' },
  { field: 'floodLimitWaterLevel', zh: '汛限水位', en: 'the flood-limit level' },
  { field: 'normalWaterLevel', zh: '正常蓄水位', en: 'the normal pool level' },
  { field: 'designFloodLevel', zh: '设计洪水位', en: 'the design flood level' },
  { field: 'checkFloodLevel', zh: '校核洪水位', en: 'the check flood level' },
  { field: 'damCrestElevation', zh: '坝顶高程', en: 'the crest elevation' },
];

/** The flood-limit level may equal the normal pool level; every other pair must rise strictly. */
function mayBeEqual(lower: Level, upper: Level): boolean {
  return lower.field === 'floodLimitWaterLevel' && upper.field === 'normalWaterLevel';
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

export function assertLevelOrder(record: Row, language: Language): void {
  const given = LEVELS.map((level) => ({ level, value: numberOf(record[level.field]) })).filter((entry) => entry.value !== undefined);
  for (let index = 1; index < given.length; index++) {
    const lower = given[index - 1];
    const upper = given[index];
    const isInOrder = mayBeEqual(lower.level, upper.level) ? lower.value! <= upper.value! : lower.value! < upper.value!;
    if (isInOrder) continue;
    const relation = mayBeEqual(lower.level, upper.level) ? { zh: '不能高于', en: 'must not be above' } : { zh: '必须低于', en: 'must be below' };
    const zh = `${lower.level.zh}${relation.zh}${upper.level.zh}`;
    const en = `${lower.level.en[0].toUpperCase()}${lower.level.en.slice(1)} ${relation.en} ${upper.level.en}`;
    throw badRequest(zh, en, { errors: [{ field: upper.level.field, message: language === 'zh' ? zh : en }] });
  }
}
