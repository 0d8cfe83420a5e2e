/**
 * Rivers: the centre line is a list of [lng, lat] pairs, a shape the field vocabulary cannot state for
 * the items of an array, so it is checked here, after the engine's validation (which answers a value that
 * is no list at all, by field) and before the row is written; the refusal names the field as the engine does.
 */
import { defineHooks } from '../../engine/hooks.js';
import { badRequest } from '../../http/apiError.js';

const isPair = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'number' &&
  Math.abs(value[0]) <= 180 &&
  Math.abs(value[1]) <= 90;

export function isCentreLine(value: unknown): boolean {
  return Array.isArray(value) && (value.length === 0 || (value.length >= 2 && value.length <= 500 && value.every(isPair)));
}

defineHooks('river/river', {
  beforeChange: ({ ctx, data }) => {
    if (data.centreLine === undefined || data.centreLine === null || isCentreLine(data.centreLine)) return;
    const text = {
      zh: '河道中心线不正确：须为2到500个[经度, 纬度]点',
      en: 'The centre line is not valid: it needs 2 to 500 [longitude, latitude] points',
    };
    throw badRequest(text.zh, text.en, { errors: [{ field: 'centreLine', message: text[ctx.language] }] });
  },
});
