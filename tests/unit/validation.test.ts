import { describe, expect, it } from 'vitest';
import type { FieldError } from '../../src/shared/envelope.js';
import type { EntityModel } from '../../src/server/engine/entityModel.js';
import { assertValid, compileValidators, isDateString, isDateTimeString, pickWritable, withoutImmutable } from '../../src/server/engine/validation.js';
import { ApiError, type Language } from '../../src/server/http/apiError.js';
import { modelOf, thrownBy } from './fixtures.js';

const param = modelOf('system/param');
const paramValidators = compileValidators(param);
const dict = modelOf('system/dict');
const dictValidators = compileValidators(dict);

const VALID_PARAM = { paramName: '邮件服务器', paramKey: 'mail.host', paramValue: 'smtp.example.com' };

/** Picks and validates a create body as the submit operation does; returns the data written. */
function acceptCreate(model: EntityModel, body: Record<string, unknown>): Record<string, unknown> {
  const validators = model === param ? paramValidators : dictValidators;
  const data = pickWritable(model, body, true);
  assertValid(model, validators.create, data, 'zh');
  return data;
}

/** The field errors a body is refused with. */
function refusal(model: EntityModel, body: Record<string, unknown>, isCreate = true, language: Language = 'zh'): { error: ApiError; errors: FieldError[] } {
  const validators = model === param ? paramValidators : dictValidators;
  const data = pickWritable(model, body, isCreate);
  const error = thrownBy(() => assertValid(model, isCreate ? validators.create : validators.update, data, language));
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  return { error: error as ApiError, errors: ((error as ApiError).data as { errors: FieldError[] }).errors };
}

describe('creating a param: required fields', () => {
  it('accepts a body with the three required fields', () => {
    expect(acceptCreate(param, VALID_PARAM)).toEqual(VALID_PARAM);
  });

  it('names each missing field with its schema message in Chinese', () => {
    expect(refusal(param, {}).errors).toEqual([
      { field: 'paramName', message: '请输入参数名称' },
      { field: 'paramKey', message: '请输入参数键名' },
      { field: 'paramValue', message: '请输入参数键值' },
    ]);
  });

  it('treats empty strings from form boxes as missing', () => {
    expect(refusal(param, { paramName: '', paramKey: '', paramValue: '' }).errors.map((e) => e.message)).toEqual([
      '请输入参数名称',
      '请输入参数键名',
      '请输入参数键值',
    ]);
  });

  it('treats null as missing', () => {
    expect(refusal(param, { ...VALID_PARAM, paramKey: null }).errors).toEqual([{ field: 'paramKey', message: '请输入参数键名' }]);
  });

  it('answers in English when the caller asks for it', () => {
    expect(refusal(param, {}, true, 'en').errors.map((e) => e.message)).toEqual([
      'Please enter the parameter name',
      'Please enter the parameter key',
      'Please enter the parameter value',
    ]);
  });

  it('uses the first field error as the message of the 400', () => {
    const { error } = refusal(param, { paramName: 'x' });

    expect(error.text.zh).toBe('请输入参数键名');
  });
});

describe('creating a param: limits and types', () => {
  it('accepts a paramName of exactly 255 characters', () => {
    expect(acceptCreate(param, { ...VALID_PARAM, paramName: 'a'.repeat(255) }).paramName).toHaveLength(255);
  });

  it('refuses a 256-character paramName with a maxLength message naming the field', () => {
    expect(refusal(param, { ...VALID_PARAM, paramName: 'a'.repeat(256) }).errors).toEqual([{ field: 'paramName', message: '参数名称长度不能超过255个字符' }]);
  });

  it('gives the maxLength message in English too', () => {
    expect(refusal(param, { ...VALID_PARAM, paramName: 'a'.repeat(256) }, true, 'en').errors).toEqual([
      { field: 'paramName', message: 'Parameter name must be at most 255 characters' },
    ]);
  });

  it('refuses an object where a string belongs', () => {
    expect(refusal(param, { ...VALID_PARAM, paramValue: { nested: true } }).errors).toEqual([{ field: 'paramValue', message: '参数键值的类型不正确' }]);
  });

  it('refuses an array where a string belongs', () => {
    expect(refusal(param, { ...VALID_PARAM, paramKey: ['a', 'b'] }).errors.map((e) => e.field)).toEqual(['paramKey']);
  });
});

describe('pickWritable', () => {
  it('drops the base columns a caller might send', () => {
    const picked = pickWritable(param, { ...VALID_PARAM, id: '1', tenantId: '999999', createUser: '2', version: 7, isDeleted: 1, status: 0 }, true);

    expect(picked).toEqual(VALID_PARAM);
  });

  it('drops keys the schema does not declare', () => {
    expect(pickWritable(param, { ...VALID_PARAM, isAdmin: true }, true)).toEqual(VALID_PARAM);
  });

  it('drops a readOnly declared field', () => {
    const user = modelOf('system/user');

    expect(pickWritable(user, { account: 'alice', password: 'secret' }, true)).toEqual({ account: 'alice' });
  });

  it('keeps an immutable field on update too, so it is still validated', () => {
    expect(pickWritable(dict, { code: 'other', dictValue: '是否' }, false)).toEqual({ code: 'other', dictValue: '是否' });
  });

  it('returns a new object and leaves the body untouched', () => {
    const body = { ...VALID_PARAM, id: '1' };

    expect(pickWritable(param, body, true)).not.toBe(body);
    expect(body.id).toBe('1');
  });
});

describe('withoutImmutable', () => {
  it('leaves immutable fields out of an update write', () => {
    expect(withoutImmutable(dict, { code: 'other', parentId: '5', dictValue: '是否', sort: 2 })).toEqual({ dictValue: '是否', sort: 2 });
  });

  it('keeps every field of a register without immutable fields', () => {
    expect(withoutImmutable(param, VALID_PARAM)).toEqual(VALID_PARAM);
  });
});

describe('updating a param', () => {
  it('accepts a partial body', () => {
    const data = pickWritable(param, { remark: 'changed' }, false);

    expect(() => assertValid(param, paramValidators.update, data, 'zh')).not.toThrow();
  });

  it('reports a required field emptied by the caller as required', () => {
    expect(refusal(param, { paramName: '' }, false).errors).toEqual([{ field: 'paramName', message: '请输入参数名称' }]);
  });
});

describe('creating a dict entry: numbers', () => {
  const entry = { code: 'yes_no', dictKey: '1', dictValue: '是' };

  it('coerces sort "12" to the number 12', () => {
    expect(acceptCreate(dict, { ...entry, sort: '12' }).sort).toBe(12);
  });

  it('refuses a sort below its minimum with the default message', () => {
    expect(refusal(dict, { ...entry, sort: -1 }).errors).toEqual([{ field: 'sort', message: '字典排序不能小于0' }]);
  });

  it('refuses a sort that is not a number', () => {
    expect(refusal(dict, { ...entry, sort: 'twelve' }).errors).toEqual([{ field: 'sort', message: '字典排序的类型不正确' }]);
  });

  it('uses the schema pattern message for a malformed code', () => {
    expect(refusal(dict, { ...entry, sort: 1, code: '9lives' }).errors).toEqual([
      { field: 'code', message: '字典编号只能包含字母、数字、下划线、点和横线，并以字母开头' },
    ]);
  });
});

describe('isDateTimeString', () => {
  it('accepts "yyyy-MM-dd HH:mm:ss" on a real date', () => {
    expect(isDateTimeString('2026-02-28 23:59:59')).toBe(true);
  });

  it('accepts 29 February in a leap year', () => {
    expect(isDateTimeString('2028-02-29 00:00:00')).toBe(true);
  });

  it.each(['2026-02-30 10:00:00', '2026-02-29 10:00:00', '2026-13-01 10:00:00', '2026-01-01 24:00:00', '2026-01-01 10:60:00'])(
    'rejects the impossible %j',
    (value) => {
      expect(isDateTimeString(value)).toBe(false);
    },
  );

  it.each(['2026-02-28T23:59:59', '2026-02-28T23:59:59Z', '2026-02-28T23:59:59.000+08:00', '2026-02-28', '2026-02-28 23:59'])(
    'rejects %j, which is not the contract format',
    (value) => {
      expect(isDateTimeString(value)).toBe(false);
    },
  );
});

describe('isDateString', () => {
  it('accepts a real yyyy-MM-dd date and rejects an impossible one', () => {
    expect(isDateString('2026-02-28')).toBe(true);
    expect(isDateString('2026-02-30')).toBe(false);
  });
});
