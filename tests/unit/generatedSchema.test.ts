/**
 * The schema the code generator builds from a model's fields: what each field
 * becomes, what is refused (with a message naming the field), and that the
 * result passes exactly what codegen checks for a file under schemas/generated/.
 * Also how a table's columns become fields.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSchemaDocument } from '../../codegen/loadSchemaFiles.js';
import { buildGeneratedSchema, GenerationError, humanize, type PrototypeRow } from '../../src/server/develop/generatedSchema.js';
import { checkGeneratedSchema, GeneratedSchemaError } from '../../src/server/develop/generatedSchemaCheck.js';
import { columnNameOf, propertyNameOf, propertyTypeOf, prototypesOfColumns } from '../../src/server/develop/prototypeRules.js';
import { isEngineOwnedTable } from '../../src/server/develop/tableCatalog.js';
import { toClientSchema } from '../../src/server/system/clientSchemaRoutes.js';

const station: PrototypeRow = {
  jdbcName: 'station_name',
  jdbcComment: '测站名称',
  propertyName: 'stationName',
  propertyType: 'string',
  propertyLength: 64,
  isRequired: 1,
  isQuery: 1,
};
const level: PrototypeRow = {
  jdbcName: 'water_lvl',
  jdbcComment: '水位',
  titleEn: 'Water level (m)',
  propertyName: 'waterLevel',
  propertyType: 'number',
  sort: 2,
};

function build(fields: PrototypeRow[], code = 'gauge') {
  return buildGeneratedSchema({ code, title: '水位站', titleEn: 'Gauge stations', fields });
}

function refusal(fields: PrototypeRow[], code?: string): string {
  try {
    build(fields, code);
  } catch (error) {
    if (error instanceof GenerationError) return error.zh;
    throw error;
  }
  throw new Error('not refused');
}

describe('the generated schema', () => {
  const schema = build([level, station]);

  it('names everything after the code: id, table, routes, page, menu and buttons', () => {
    expect(schema).toMatchObject({
      $id: 'generated/gauge',
      'x-table': 'gen_gauge',
      'x-menu': 'generated_gauge',
      'x-page': { path: '/generated/gauge', layout: 'crud' },
      'x-api': {
        list: 'GET /api/generated/gauge/list',
        detail: 'GET /api/generated/gauge/detail',
        submit: 'POST /api/generated/gauge/submit',
        remove: 'POST /api/generated/gauge/remove?ids',
        export: 'GET /api/generated/gauge/export',
      },
      'x-permissions': {
        add: 'generated_gauge_add',
        edit: 'generated_gauge_edit',
        delete: 'generated_gauge_delete',
        view: 'generated_gauge_view',
        export: 'generated_gauge_export',
      },
    });
    expect(schema).not.toHaveProperty('x-scope');
    expect(checkGeneratedSchema(schema).dataScope).toMatchObject({ dept: { name: 'createDept' }, user: { name: 'createUser' } });
  });

  it('turns each field into a property: type, length, title, surfaces, messages, column', () => {
    expect(Object.keys(schema.properties)).toEqual(['stationName', 'waterLevel']);
    expect(schema.required).toEqual(['stationName']);
    expect(schema.properties.stationName).toEqual({
      type: 'string',
      maxLength: 64,
      title: '测站名称',
      'x-en': 'Station name',
      'x-component': 'input',
      'x-list': true,
      'x-search': 'like',
      'x-messages': { required: '请输入测站名称' },
      'x-messages-en': { required: 'Please enter the station name' },
    });
    expect(schema.properties.waterLevel).toMatchObject({ type: 'number', 'x-en': 'Water level (m)', 'x-column': 'water_lvl', 'x-component': 'number' });
  });

  it('is valid for codegen as schemas/generated/gauge.json and sanitizes with the engine', () => {
    const meta = JSON.parse(fs.readFileSync('schemas/meta.schema.json', 'utf8'));
    expect(validateSchemaDocument(meta, schema, 'schemas/generated/gauge.json').$id).toBe('generated/gauge');
    const model = checkGeneratedSchema(schema);
    expect(model.field.get('waterLevel')!.column).toBe('water_lvl');
    expect(model.fields.filter((field) => field.isBase).map((field) => field.column)).toContain('tenant_id');
  });

  it('gives the browser neither its table nor a column name', () => {
    const client = JSON.stringify(toClientSchema(checkGeneratedSchema(schema)));
    expect(client).not.toContain('gen_gauge');
    expect(client).not.toMatch(/\bwater_lvl\b/);
  });

  it('maps each type to what the engine stores', () => {
    const types = ['text', 'integer', 'boolean', 'date', 'datetime'].map((propertyType, index) => ({
      jdbcName: `f${index}`,
      jdbcComment: propertyType,
      propertyName: `f${index}`,
      propertyType,
    }));
    const model = checkGeneratedSchema(build(types));
    expect(['f0', 'f1', 'f2', 'f3', 'f4'].map((name) => model.field.get(name)!.sqlType)).toEqual(['text', 'integer', 'boolean', 'date', 'timestamp(0)']);
  });

  it('labels a dictionary field as a select and searches it by equality', () => {
    const kind = build([
      { jdbcName: 'kind', jdbcComment: '类别', propertyName: 'kind', propertyType: 'string', dictCode: 'goods_category', isQuery: 1, isRequired: 1 },
    ]).properties.kind;
    expect(kind).toMatchObject({ 'x-dict': 'goods_category', 'x-component': 'select', 'x-search': 'eq', 'x-messages': { required: '请选择类别' } });
  });
});

describe('what the generator refuses, naming the field', () => {
  it('identifiers outside the allowed patterns', () => {
    expect(refusal([{ ...station, jdbcName: 'Station-Name' }])).toContain('第 1 个字段（Station-Name）：字段名称须以小写字母开头');
    expect(refusal([{ ...station, propertyName: 'station_name' }])).toContain('属性名称须以小写字母开头');
    expect(refusal([station], 'water_level')).toContain('模型编号须以小写字母开头');
    expect(refusal([station], 'Gauge')).toContain('模型编号');
  });

  it('base columns and list parameters', () => {
    expect(refusal([{ ...station, jdbcName: 'create_time', propertyName: 'created' }])).toContain('“create_time”是系统自动添加的字段');
    expect(refusal([{ ...station, propertyName: 'version', jdbcName: 'ver' }])).toContain('属性名称“version”已被系统使用');
    expect(refusal([{ ...station, propertyName: 'size', jdbcName: 'size' }])).toContain('属性名称“size”已被系统使用');
  });

  it('duplicates, unsupported types and widgets that do not fit', () => {
    expect(refusal([station, { ...level, jdbcName: 'station_name' }])).toContain('字段名称“station_name”重复');
    expect(refusal([station, { ...level, propertyName: 'stationName' }])).toContain('属性名称“stationName”重复');
    expect(refusal([{ ...station, propertyType: 'blob' }])).toContain('不支持的属性类型“blob”');
    expect(refusal([{ ...level, componentType: 'switch' }])).toContain('组件“switch”不适用于 number 类型');
    expect(refusal([{ ...level, isQuery: 1, queryType: 'like' }])).toContain('只有文本字段可以模糊查询');
    expect(refusal([{ ...station, isForm: 0 }])).toContain('必填字段必须在表单中显示');
    expect(refusal([{ ...station, propertyLength: 5000 }])).toContain('文本长度须在 1 到 4000 之间');
  });

  it('a model without fields', () => {
    expect(refusal([])).toBe('数据模型还没有字段');
  });

  it('a stored schema that was changed to reach outside its register', () => {
    const escaped = { ...build([station]), 'x-table': 'blade_user' };
    expect(() => checkGeneratedSchema(escaped)).toThrow(GeneratedSchemaError);
    const platform = { ...build([station]), 'x-scope': 'platform' };
    expect(() => checkGeneratedSchema(platform)).toThrow(/tenant/);
    const otherRoute = build([station]);
    otherRoute['x-api'] = { ...otherRoute['x-api'], list: 'GET /api/blade-system/user/list' };
    expect(() => checkGeneratedSchema(otherRoute)).toThrow(/outside/);
    expect(() => checkGeneratedSchema({ $id: 'generated/x' })).toThrow(/meta-schema/);
  });
});

describe('fields from a table', () => {
  it('names columns and properties the generator accepts', () => {
    expect(columnNameOf('StationName')).toBe('stationname');
    expect(columnNameOf('1st value')).toBe('f_1st_value');
    expect(propertyNameOf('water_level_2')).toBe('waterLevel2');
    expect(humanize('waterLevel')).toBe('Water level');
  });

  it('maps PostgreSQL types', () => {
    expect(propertyTypeOf('character varying(32)')).toEqual({ type: 'string', length: 32 });
    expect(propertyTypeOf('character varying(10000)')).toEqual({ type: 'string', length: 4000 });
    expect(propertyTypeOf('bigint')).toEqual({ type: 'string', length: 20 });
    expect(propertyTypeOf('numeric(8,2)')).toEqual({ type: 'number' });
    expect(propertyTypeOf('timestamp(0) without time zone')).toEqual({ type: 'datetime' });
    expect(propertyTypeOf('jsonb')).toEqual({ type: 'text' });
    expect(propertyTypeOf('point')).toEqual({ type: 'string', length: 255 });
  });

  it('leaves the base columns out and requires NOT NULL ones', () => {
    const rows = prototypesOfColumns([
      { name: 'id', type: 'bigint', comment: null, isNullable: false },
      { name: 'tenant_id', type: 'character varying(12)', comment: null, isNullable: false },
      { name: 'dam_height', type: 'numeric', comment: '坝高', isNullable: false },
      { name: 'note', type: 'text', comment: null, isNullable: true },
    ]);
    expect(rows.map((row) => [row.jdbcName, row.propertyName, row.propertyType, row.isRequired, row.jdbcComment])).toEqual([
      ['dam_height', 'damHeight', 'number', 1, '坝高'],
      ['note', 'note', 'text', 0, 'note'],
    ]);
    expect(() => build(rows)).not.toThrow();
  });

  it('never offers engine-owned tables', () => {
    const registered = new Set(['urgent_goods']);
    expect(['blade_user', 'RSC_captcha', 'gen_gauge', 'urgent_goods'].map((name) => isEngineOwnedTable(name, registered))).toEqual([true, true, true, true]);
    expect(isEngineOwnedTable('legacy_gauge', registered)).toBe(false);
  });
});
