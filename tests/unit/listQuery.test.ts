import { describe, expect, it } from 'vitest';
import type { EntityModel, RouteBinding } from '../../src/server/engine/entityModel.js';
import { parseListParams, type ListParams } from '../../src/server/engine/listParams.js';
import { buildPageQueries, filterCondition, orderClause, Params, type PageQueries } from '../../src/server/engine/sqlBuilder.js';
import { ApiError } from '../../src/server/http/apiError.js';
import { bindingOf, modelOf, thrownBy } from './fixtures.js';

const param = modelOf('system/param');
const paramList = bindingOf(param, 'list');
const dict = modelOf('system/dict');
const dictionary = bindingOf(dict, 'dictionary');
const CALLER_TENANT = '000000';

function parse(query: Record<string, unknown>, model: EntityModel = param, binding: RouteBinding = paramList): ListParams {
  return parseListParams(model, binding, query);
}

function pageQueries(query: Record<string, unknown>, model: EntityModel = param, binding: RouteBinding = paramList): PageQueries {
  const { filters, sort, current, size } = parseListParams(model, binding, query);
  return buildPageQueries(model, { tenantId: CALLER_TENANT }, filters, sort, current, size);
}

/** The WHERE clause of a statement, without ORDER BY / LIMIT. */
/** The WHERE clause of a page query (up to ORDER BY) or of a capped count (up to its LIMIT). */
function whereOf(text: string): string {
  return text
    .slice(text.indexOf('WHERE '))
    .replace(/ ORDER BY .*$/, '')
    .replace(/ LIMIT \d+\) AS matching$/, '');
}

/** The 400 a query is refused with. */
function rejection(query: Record<string, unknown>, model: EntityModel = param, binding: RouteBinding = paramList): ApiError {
  const error = thrownBy(() => parse(query, model, binding));
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  return error as ApiError;
}

describe('paging', () => {
  it('defaults to page 1 of 10 rows', () => {
    const params = parse({});

    expect(params.current).toBe(1);
    expect(params.size).toBe(10);
  });

  it('accepts a page size of up to 1000', () => {
    expect(parse({ current: '3', size: '1000' })).toMatchObject({ current: 3, size: 1000 });
  });

  it('refuses a page size above 1000', () => {
    expect(rejection({ size: '1001' }).text.zh).toBe('参数 size 必须是 1 到 1000 之间的整数');
  });

  it.each(['0', '-5', '2.5'])('refuses the page size %s', (size) => {
    expect(rejection({ size }).text.en).toContain('size');
  });

  it('refuses a non-numeric page number', () => {
    expect(rejection({ current: 'abc' }).text.zh).toBe('参数 current 必须是 1 到 10000000 之间的整数');
  });

  it('computes LIMIT and OFFSET from current and size', () => {
    const { page } = pageQueries({ current: '3', size: '20' });

    expect(page.text).toMatch(/ LIMIT \$2 OFFSET \$3$/);
    expect(page.values.slice(1)).toEqual([20, 40]);
  });

  it('starts the first page at offset 0', () => {
    const { page } = pageQueries({});

    expect(page.values.slice(-2)).toEqual([10, 0]);
  });
});

describe('query keys', () => {
  it('refuses a key the schema does not declare as a filter', () => {
    expect(rejection({ colour: 'blue' }).text.zh).toBe('不支持的查询参数“colour”');
  });

  it.each(["paramName\" = '' OR 1=1 --", 'param_name', 'remark', 'isDeleted'])('refuses the key %j', (key) => {
    expect(rejection({ [key]: 'x' }).status).toBe(400);
  });

  it('builds SQL only from declared columns, never from query keys', () => {
    const { page, count } = pageQueries({ paramName: 'mail', paramKey: 'smtp' });

    for (const sql of [page, count]) {
      expect(whereOf(sql.text)).toBe('WHERE "tenant_id" = $1 AND "is_deleted" = 0 AND "param_name" ILIKE $2 AND "param_key" ILIKE $3');
      expect(sql.text).not.toContain('mail');
      expect(sql.text).not.toContain('smtp');
    }
  });

  it('refuses a key given twice', () => {
    expect(rejection({ paramName: ['a', 'b'] }).text.en).toContain('only once');
  });

  it('drops empty search boxes', () => {
    expect(parse({ paramName: '', paramKey: '' }).filters).toEqual([]);
  });

  it('ignores tenantId: the caller token decides the tenant', () => {
    expect(parse({ tenantId: '999999' }).filters).toEqual([]);

    const { page } = pageQueries({ tenantId: '999999' });
    expect(page.values[0]).toBe(CALLER_TENANT);
    expect(page.values).not.toContain('999999');
  });
});

describe('sorting', () => {
  it('sorts by ascs=paramName first, then by the default order', () => {
    const { sort } = parse({ ascs: 'paramName' });

    expect(orderClause(sort)).toBe('ORDER BY "param_name" ASC, "create_time" DESC, "id" DESC');
  });

  it('accepts the column name the Saber client sends', () => {
    expect(orderClause(parse({ descs: 'param_key' }).sort)).toBe('ORDER BY "param_key" DESC, "create_time" DESC, "id" DESC');
  });

  it('lets a requested direction replace the default one for the same field', () => {
    expect(orderClause(parse({ descs: 'sort' }, dict, bindingOf(dict, 'list')).sort)).toBe('ORDER BY "sort" DESC, "id" DESC');
  });

  it('puts the sort order into the page query', () => {
    expect(pageQueries({ ascs: 'paramName' }).page.text).toContain('ORDER BY "param_name" ASC, "create_time" DESC, "id" DESC LIMIT');
  });

  it('refuses descs=password on a register without such a field', () => {
    expect(rejection({ descs: 'password' }).text.zh).toBe('不支持按“password”排序');
  });

  it('refuses descs=password where password is a secret field', () => {
    const user = modelOf('system/user');

    expect(user.field.get('password')?.isSecret).toBe(true);
    expect(rejection({ descs: 'password' }, user, paramList).status).toBe(400);
  });

  it('refuses a sort key carrying SQL', () => {
    expect(rejection({ ascs: 'param_name;drop table x' }).status).toBe(400);
  });

  it('refuses a field that is neither listed nor searched', () => {
    expect(rejection({ ascs: 'remark' }).status).toBe(400);
  });
});

describe('like filters', () => {
  it('match case-insensitively through a parameter', () => {
    const params = new Params();
    const [filter] = parse({ paramName: 'mail' }).filters;

    expect(filterCondition(filter, params)).toBe('"param_name" ILIKE $1');
    expect(params.values).toEqual(['%mail%']);
  });

  it('escape %, _ and backslash so they match literally', () => {
    const params = new Params();
    const [filter] = parse({ paramName: '50%_off\\' }).filters;

    filterCondition(filter, params);

    expect(params.values).toEqual(['%50\\%\\_off\\\\%']);
  });

  it('keep the user value out of the SQL text', () => {
    const { page } = pageQueries({ paramName: "x' OR '1'='1" });

    expect(page.text).not.toContain("'1'='1");
    expect(page.values).toContain("%x' OR '1'='1%");
  });

  it('refuse a value over 200 characters', () => {
    expect(rejection({ paramName: 'a'.repeat(201) }).status).toBe(400);
  });
});

describe('date-range filters on createTime', () => {
  it('turn createTime_dategt and createTime_datelt into > and < on "create_time"', () => {
    const { page } = pageQueries({ createTime_dategt: '2026-01-01 00:00:00', createTime_datelt: '2026-02-01 12:30:00' });

    expect(page.text).toContain('"create_time" > $2');
    expect(page.text).toContain('"create_time" < $3');
    expect(page.values.slice(1, 3)).toEqual(['2026-01-01 00:00:00', '2026-02-01 12:30:00']);
  });

  it('read a bare date as midnight', () => {
    expect(parse({ createTime_dategt: '2026-01-01' }).filters[0].value).toBe('2026-01-01 00:00:00');
  });

  it.each(['2026-02-30 10:00:00', '2026-01-01T00:00:00Z', 'yesterday', "2026-01-01' OR 1=1"])('refuse the value %j', (value) => {
    expect(rejection({ createTime_dategt: value }).text.zh).toBe('查询条件“创建时间”的值不正确');
  });

  it('refuse createTime without a range suffix', () => {
    expect(rejection({ createTime: '2026-01-01 00:00:00' }).status).toBe(400);
  });
});

describe('id filters', () => {
  it('accept 0 and a decimal id for dict parentId', () => {
    const dictList = bindingOf(dict, 'list');

    expect(parse({ parentId: '0' }, dict, dictList).filters[0]).toMatchObject({ op: 'eq', value: '0' });
    expect(parse({ parentId: '1234567890' }, dict, dictList).filters[0]).toMatchObject({ op: 'eq', value: '1234567890' });
  });

  it('refuse a parentId that is not an id', () => {
    expect(rejection({ parentId: '1 or 1=1' }, dict, bindingOf(dict, 'list')).status).toBe(400);
  });
});

describe('the dict dictionary binding', () => {
  it('requires code', () => {
    expect(rejection({}, dict, dictionary).text.zh).toBe('缺少参数 code');
  });

  it('requires code to be non-empty', () => {
    expect(rejection({ code: '' }, dict, dictionary).text.en).toBe('The parameter code is required');
  });

  it('matches code exactly rather than with like', () => {
    const [filter] = parse({ code: 'yes_no' }, dict, dictionary).filters;

    expect(filter).toMatchObject({ op: 'eq', value: 'yes_no' });
    expect(filter.field.name).toBe('code');
  });
});

describe('tenant scope in the page query', () => {
  it('binds the caller tenant as the first parameter of a tenant register', () => {
    const { page, count } = pageQueries({});

    for (const sql of [page, count]) {
      expect(sql.values[0]).toBe(CALLER_TENANT);
      expect(sql.text).toContain('WHERE "tenant_id" = $1 AND "is_deleted" = 0');
    }
  });

  it('caps the count at 10,001 rows so a huge register is never fully scanned', () => {
    const { count } = pageQueries({});

    expect(count.text).toMatch(/^SELECT count\(\*\)::int AS "total" FROM \(SELECT 1 FROM "blade_param" WHERE .* LIMIT 10001\) AS matching$/);
  });

  it('adds no tenant condition for a platform register (menu)', () => {
    const menu = modelOf('system/menu');
    const { page, count } = pageQueries({}, menu, bindingOf(menu, 'list'));

    for (const sql of [page, count]) {
      expect(whereOf(sql.text)).toBe('WHERE "is_deleted" = 0');
      expect(sql.values).not.toContain(CALLER_TENANT);
    }
  });

  it('never selects a secret column', () => {
    const user = modelOf('system/user');
    const { page } = buildPageQueries(user, { tenantId: CALLER_TENANT }, [], user.order, 1, 10);

    expect(page.text).not.toContain('password');
  });
});
