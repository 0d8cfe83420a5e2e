import { describe, expect, it } from 'vitest';
import { loadSchemaFiles } from '../../codegen/loadSchemaFiles.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { buildEntityModel, type EntityModel } from '../../src/server/engine/entityModel.js';
import {
  indexDefinitions,
  indexName,
  mustBeNotNull,
  nullCountQueries,
  nullRowsOf,
  partitionName,
  partitionYears,
  planMigration,
  type ExistingColumn,
  type ExistingState,
  type MigrationPlan,
} from '../../src/server/engine/migrationPlan.js';
import { modelOf, PROJECT_ROOT, widgetSchema } from './fixtures.js';

const allModels = loadSchemaFiles(PROJECT_ROOT).map((f) => f.model);
const param = modelOf('system/param');
const dict = modelOf('system/dict');
const menu = modelOf('system/menu');

const EMPTY_DATABASE: ExistingState = { columns: [], indexes: new Set() };

/** How PostgreSQL's format_type prints the types the engine creates. */
function printed(sqlType: string): string {
  if (sqlType.startsWith('varchar')) return sqlType.replace('varchar', 'character varying');
  if (sqlType === 'timestamp(0)') return 'timestamp(0) without time zone';
  return sqlType;
}

function columnsOf(model: EntityModel): ExistingColumn[] {
  return model.fields.map((f) => ({
    table: model.table,
    column: f.column,
    type: printed(f.sqlType),
    notNull: mustBeNotNull(f) || f.column === 'id',
    hasDefault: f.schema.default !== undefined && f.column !== 'tenant_id',
  }));
}

/** A database already in step with the model: every column and index present. */
function upToDate(model: EntityModel): ExistingState {
  return { columns: columnsOf(model), indexes: new Set(indexDefinitions(model).map((i) => i.name)) };
}

function sqlOf(plan: MigrationPlan): string[] {
  return plan.statements.map((s) => s.sql);
}

function createTableOf(plan: MigrationPlan, model: EntityModel): string {
  const statements = sqlOf(plan).filter((sql) => sql.startsWith(`CREATE TABLE "${model.table}" (`));
  expect(statements).toHaveLength(1);
  return statements[0];
}

describe('an empty database', () => {
  const plan = planMigration(allModels, EMPTY_DATABASE);

  it('gets one CREATE TABLE per model', () => {
    // Partitions of a partitioned register (x-partition) are tables of their own: tests/unit/partitionPlan.test.ts.
    expect(sqlOf(plan).filter((sql) => sql.startsWith('CREATE TABLE ') && !sql.includes(' PARTITION OF '))).toHaveLength(allModels.length);
    for (const model of allModels) createTableOf(plan, model);
  });

  it('gets every base column in every table', () => {
    for (const model of allModels) {
      const create = createTableOf(plan, model);
      for (const column of ['id', 'tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted', 'version']) {
        expect(create).toContain(`"${column}" `);
      }
    }
  });

  it('defines the base columns with their keys and defaults', () => {
    const create = createTableOf(plan, param);

    expect(create).toContain('"id" bigint PRIMARY KEY');
    expect(create).toContain('"tenant_id" varchar(12) NOT NULL,');
    expect(create).not.toMatch(/"tenant_id" [^,]*DEFAULT/);
    expect(create).toContain('"create_user" bigint,');
    expect(create).toContain('"create_time" timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)');
    expect(create).toContain('"is_deleted" integer NOT NULL DEFAULT 0');
    expect(create).toContain('"version" integer NOT NULL DEFAULT 1');
  });

  it('defines declared columns with their SQL type and schema default', () => {
    const create = createTableOf(plan, dict);

    expect(create).toContain('"code" varchar(64) NOT NULL,');
    expect(create).toContain(`"parent_id" bigint DEFAULT '0'`);
    expect(create).toContain('"is_sealed" integer DEFAULT 0');
  });

  it('gets the list-order index of a tenant register, led by tenant_id and partial on live rows', () => {
    expect(sqlOf(plan)).toContain(
      'CREATE INDEX IF NOT EXISTS ix_blade_param_list_order ON "blade_param" ("tenant_id", "create_time" DESC, "id" DESC) WHERE "is_deleted" = 0',
    );
  });

  it('gets the list-order index of a platform register without tenant_id', () => {
    expect(sqlOf(plan)).toContain('CREATE INDEX IF NOT EXISTS ix_blade_menu_list_order ON "blade_menu" ("sort" ASC, "id" DESC) WHERE "is_deleted" = 0');
  });

  it('gets a partial unique index per x-unique rule, so deleted rows free their keys', () => {
    expect(sqlOf(plan)).toContain(
      'CREATE UNIQUE INDEX IF NOT EXISTS ix_blade_param_uq_param_key ON "blade_param" ("tenant_id", "param_key") WHERE "is_deleted" = 0',
    );
    expect(sqlOf(plan)).toContain(
      'CREATE UNIQUE INDEX IF NOT EXISTS ix_blade_dict_uq_code_dict_key ON "blade_dict" ("tenant_id", "code", "dict_key") WHERE "is_deleted" = 0',
    );
  });

  it('gets the parent index of a tree register and the x-indexes ones, partial on live rows', () => {
    expect(sqlOf(plan)).toContain('CREATE INDEX IF NOT EXISTS ix_blade_dict_live_parent ON "blade_dict" ("tenant_id", "parent_id") WHERE "is_deleted" = 0');
    expect(sqlOf(plan)).toContain('CREATE INDEX IF NOT EXISTS ix_blade_dict_live_code ON "blade_dict" ("tenant_id", "code") WHERE "is_deleted" = 0');
  });

  it('creates each table before its indexes', () => {
    const statements = sqlOf(plan);
    const createAt = statements.findIndex((sql) => sql.startsWith('CREATE TABLE "blade_param"'));
    const indexAt = statements.findIndex((sql) => sql.includes('ix_blade_param_list_order'));

    expect(createAt).toBeGreaterThanOrEqual(0);
    expect(indexAt).toBeGreaterThan(createAt);
  });

  it('has no warnings', () => {
    expect(plan.warnings).toEqual([]);
  });
});

describe('a database in step with the schemas', () => {
  it('needs no statements and raises no warnings', () => {
    // A partitioned register's partitions (the current window and the default one) exist as tables with its columns.
    const partitionsOf = (model: EntityModel): ExistingColumn[] =>
      model.partition
        ? [...partitionYears(new Date()), 'default' as const].flatMap((year) =>
            columnsOf(model).map((column) => ({ ...column, table: partitionName(model.table, year) })),
          )
        : [];
    const state: ExistingState = {
      columns: allModels.flatMap((model) => [...columnsOf(model), ...partitionsOf(model)]),
      indexes: new Set(allModels.flatMap((m) => indexDefinitions(m).map((i) => i.name))),
      partitionedTables: new Set(allModels.filter((model) => model.partition).map((model) => model.table)),
    };

    expect(planMigration(allModels, state)).toEqual({ statements: [], warnings: [], notices: [] });
  });

  it('does not recreate existing indexes, only the missing one', () => {
    const state = upToDate(param);
    state.indexes.delete('ix_blade_param_uq_param_key');

    expect(sqlOf(planMigration([param], state))).toEqual([
      'CREATE UNIQUE INDEX IF NOT EXISTS ix_blade_param_uq_param_key ON "blade_param" ("tenant_id", "param_key") WHERE "is_deleted" = 0',
    ]);
  });
});

describe('an existing table missing a column', () => {
  function missing(model: EntityModel, column: string): ExistingState {
    const state = upToDate(model);
    return { ...state, columns: state.columns.filter((c) => c.column !== column) };
  }

  it('gets exactly one ALTER TABLE ... ADD COLUMN', () => {
    expect(sqlOf(planMigration([param], missing(param, 'remark')))).toEqual(['ALTER TABLE "blade_param" ADD COLUMN "remark" varchar(255)']);
  });

  it('adds the column with its schema default', () => {
    expect(sqlOf(planMigration([dict], missing(dict, 'is_sealed')))).toEqual(['ALTER TABLE "blade_dict" ADD COLUMN "is_sealed" integer DEFAULT 0']);
  });

  it('adds a missing base column with its default', () => {
    expect(sqlOf(planMigration([param], missing(param, 'version')))).toEqual(['ALTER TABLE "blade_param" ADD COLUMN "version" integer NOT NULL DEFAULT 1']);
  });

  it('does not add a second primary key when id is the missing column', () => {
    expect(sqlOf(planMigration([param], missing(param, 'id')))).toEqual(['ALTER TABLE "blade_param" ADD COLUMN "id" bigint']);
  });
});

describe('what a plan never does', () => {
  it('never drops a column the database has and the schema lacks', () => {
    const state = upToDate(param);
    state.columns.push({ table: 'blade_param', column: 'legacy_code', type: 'character varying(32)', notNull: false, hasDefault: false });

    expect(planMigration([param], state)).toEqual({ statements: [], warnings: [], notices: [] });
  });

  it('never narrows or converts a column: such a type difference is a warning and no statement', () => {
    const state = upToDate(param);
    state.columns = state.columns.map((c) =>
      c.column === 'param_key' ? { ...c, type: 'character varying(300)' } : c.column === 'remark' ? { ...c, type: 'integer' } : c,
    );

    const plan = planMigration([param], state);

    expect(plan.statements).toEqual([]);
    expect(plan.warnings).toHaveLength(2);
    expect(plan.warnings[0]).toContain('blade_param.param_key');
    expect(plan.warnings[0]).toContain('character varying(300)');
    expect(plan.warnings[0]).toContain('varchar(255)');
  });

  it('widens a text column the schema made longer (every stored value still fits)', () => {
    const state = upToDate(param);
    state.columns = state.columns.map((c) => (c.column === 'param_key' ? { ...c, type: 'character varying(64)' } : c));
    expect(planMigration([param], state)).toEqual({
      statements: [{ entity: 'system/param', sql: 'ALTER TABLE "blade_param" ALTER COLUMN "param_key" TYPE varchar(255)' }],
      warnings: [],
      notices: [],
    });
  });

  it('contains no DROP in any of these plans', () => {
    const extraColumn = upToDate(dict);
    extraColumn.columns.push({ table: 'blade_dict', column: 'old_label', type: 'text', notNull: false, hasDefault: false });
    const retyped = upToDate(menu);
    retyped.columns = retyped.columns.map((c) => (c.column === 'sort' ? { ...c, type: 'bigint' } : c));
    const plans = [
      planMigration(allModels, EMPTY_DATABASE),
      planMigration([dict], extraColumn),
      planMigration([menu], retyped),
      planMigration([param], { columns: columnsOf(param).slice(0, 3), indexes: new Set() }),
    ];

    for (const plan of plans) {
      for (const sql of sqlOf(plan)) expect(sql).not.toMatch(/\bDROP\b/i);
    }
  });
});

describe('index names', () => {
  const longTable = `t${'a'.repeat(62)}`;

  it('are ix_<table>_<suffix> when that fits', () => {
    expect(indexName('blade_param', 'list_order')).toBe('ix_blade_param_list_order');
  });

  it('are at most 63 characters, the PostgreSQL identifier limit, for a 63-character table', () => {
    expect(longTable).toHaveLength(63);
    expect(indexName(longTable, 'list_order').length).toBeLessThanOrEqual(63);
    expect(indexName(longTable, 'uq_code_dict_key').length).toBeLessThanOrEqual(63);
  });

  it('are deterministic', () => {
    expect(indexName(longTable, 'list_order')).toBe(indexName(longTable, 'list_order'));
  });

  it('stay distinct when shortening would make them equal', () => {
    expect(indexName(longTable, 'uq_code')).not.toBe(indexName(longTable, 'uq_name'));
  });

  it('fit for every index of a model with a long table name', () => {
    const schema = widgetSchema();
    schema['x-table'] = longTable;
    schema['x-unique'] = [{ fields: ['widgetName'], message: '名称已存在', 'message-en': 'The name exists' }];
    schema['x-indexes'] = [['widgetName'], ['widgetName', 'createTime']];

    const names = indexDefinitions(buildEntityModel(schema)).map((i) => i.name);

    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(63);
  });
});

/** A widget register with every kind of looked-up column. */
function lookupSchema(): EntitySchema {
  const schema = widgetSchema();
  schema.required = ['widgetName', 'kind', 'ownerId'];
  schema.properties = {
    ...schema.properties,
    kind: { type: 'integer', enum: [1, 2], default: 1, title: '种类', 'x-en': 'Kind', 'x-search': 'eq' },
    ownerId: { type: 'string', 'x-id': true, title: '负责人', 'x-en': 'Owner', 'x-ref': 'system/user' },
    partIds: { type: 'array', items: { type: 'string' }, title: '零件', 'x-en': 'Parts', 'x-ref': 'test/part' },
    roleId: { type: 'string', maxLength: 1000, title: '角色', 'x-en': 'Roles', 'x-ref': 'system/role', 'x-search': 'eq' },
    regionCode: { type: 'string', maxLength: 12, title: '区划', 'x-en': 'Region', 'x-ref': 'system/region', 'x-ref-key': 'code' },
    batch: { type: 'string', maxLength: 32, title: '批次', 'x-en': 'Batch', 'x-search': 'eq' },
    note: { type: 'string', maxLength: 255, title: '备注', 'x-en': 'Note' },
  };
  return schema;
}

describe('required fields in a new table', () => {
  const widget = buildEntityModel(lookupSchema());
  const create = createTableOf(planMigration([widget], EMPTY_DATABASE), widget);

  it('are NOT NULL, with their default when they have one', () => {
    expect(create).toContain('"widget_name" varchar(64) NOT NULL,');
    expect(create).toContain('"owner_id" bigint NOT NULL,');
    expect(create).toContain('"kind" integer NOT NULL DEFAULT 1,');
  });

  it('leaves optional fields nullable', () => {
    expect(create).toContain('"note" varchar(255)');
    expect(create).not.toContain('"note" varchar(255) NOT NULL');
  });

  it('gives tenant_id no default in any table', () => {
    for (const sql of sqlOf(planMigration(allModels, EMPTY_DATABASE)).filter((s) => s.startsWith('CREATE TABLE'))) {
      expect(sql).not.toMatch(/"tenant_id" [^,]*DEFAULT/);
    }
  });

  it('are NOT NULL for every required field of every register', () => {
    const plan = planMigration(allModels, EMPTY_DATABASE);
    for (const model of allModels) {
      const createSql = createTableOf(plan, model);
      for (const field of model.fields.filter((f) => f.isRequired)) expect(createSql).toMatch(new RegExp(`"${field.column}" [^,]* NOT NULL`));
    }
  });
});

describe('lookup indexes', () => {
  const widget = buildEntityModel(lookupSchema());
  const statements = sqlOf(planMigration([widget], EMPTY_DATABASE));
  const lookups = statements.filter((sql) => sql.includes('_by_'));

  it('index a single reference and an eq column, led by tenant_id and partial on live rows', () => {
    expect(statements).toContain('CREATE INDEX IF NOT EXISTS ix_test_widget_by_owner_id ON "test_widget" ("tenant_id", "owner_id") WHERE "is_deleted" = 0');
    expect(statements).toContain('CREATE INDEX IF NOT EXISTS ix_test_widget_by_kind ON "test_widget" ("tenant_id", "kind") WHERE "is_deleted" = 0');
    expect(statements).toContain('CREATE INDEX IF NOT EXISTS ix_test_widget_by_batch ON "test_widget" ("tenant_id", "batch") WHERE "is_deleted" = 0');
  });

  it('index a reference in a short text column (one key fits), not a long comma list nor a jsonb array', () => {
    expect(statements).toContain(
      'CREATE INDEX IF NOT EXISTS ix_test_widget_by_region_code ON "test_widget" ("tenant_id", "region_code") WHERE "is_deleted" = 0',
    );
    expect(lookups.join('\n')).not.toContain('role_id');
    expect(lookups.join('\n')).not.toContain('part_ids');
    expect(lookups).toHaveLength(4);
  });

  it('leave out tenant_id on a platform register', () => {
    const schema = lookupSchema();
    schema['x-scope'] = 'platform';
    expect(sqlOf(planMigration([buildEntityModel(schema)], EMPTY_DATABASE))).toContain(
      'CREATE INDEX IF NOT EXISTS ix_test_widget_by_owner_id ON "test_widget" ("owner_id") WHERE "is_deleted" = 0',
    );
  });

  it('are not added where a unique, x-indexes, parent or list-order index already leads with the column', () => {
    const schema = lookupSchema();
    schema['x-unique'] = [{ fields: ['batch'], message: '批次已存在', 'message-en': 'The batch exists' }];
    schema['x-indexes'] = [['ownerId', 'createTime']];
    schema['x-order'] = ['kind asc'];
    const names = indexDefinitions(buildEntityModel(schema)).map((i) => i.name);
    expect(names).toEqual([
      'ix_test_widget_list_order',
      'ix_test_widget_live_owner_id_create_time',
      'ix_test_widget_uq_batch',
      'ix_test_widget_by_region_code',
    ]);
  });

  it('keep the names of unchanged indexes and name the earlier planner indexes they replace', () => {
    const definitions = allModels.flatMap((m) => indexDefinitions(m));
    const names = definitions.map((i) => i.name);
    for (const name of ['ix_blade_param_list_order', 'ix_blade_param_uq_param_key']) expect(names).toContain(name);
    const replaced = definitions.flatMap((i) => i.replaces);
    for (const name of ['ix_blade_dict_parent', 'ix_blade_dict_code', 'ix_rsc_reservoir_region_code']) expect(replaced).toContain(name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('exist for the references and eq columns of the real registers', () => {
    const statements = sqlOf(planMigration(allModels, EMPTY_DATABASE));
    expect(statements).toContain(
      'CREATE INDEX IF NOT EXISTS ix_urgent_depository_by_reservoir_id_cover ON "urgent_depository" ("tenant_id", "reservoir_id") INCLUDE ("create_user", "create_dept") WHERE "is_deleted" = 0',
    );
    expect(statements).toContain(
      'CREATE INDEX IF NOT EXISTS ix_rsc_reservoir_by_scale_cover ON "rsc_reservoir" ("tenant_id", "scale") INCLUDE ("create_user", "dept_id") WHERE "is_deleted" = 0',
    );
    // The depository's list order leads with its level, an eq column: that index serves the lookup.
    expect(statements.join('\n')).not.toContain('ix_urgent_depository_by_level');
    // Reservoirs already have x-indexes on regionCode and deptId: no second index on them.
    expect(statements.filter((sql) => /ON "rsc_reservoir" \("tenant_id", "(region_code|dept_id)"\)/.test(sql))).toHaveLength(2);
  });
});

describe('an existing table whose column became required', () => {
  const widget = buildEntityModel(lookupSchema());
  /** The widget table in step, except that `column` still accepts NULL, with `nulls` rows holding it (undefined: not counted). */
  function nullable(column: string, nulls?: number): ExistingState {
    const state = upToDate(widget);
    state.columns = state.columns.map((c) => (c.column === column ? { ...c, notNull: false } : c));
    if (nulls !== undefined) state.nullRows = new Map([[`test_widget.${column}`, nulls]]);
    return state;
  }

  it('asks to count the NULLs of exactly the columns to tighten, in one scan of the table', () => {
    const state = nullable('owner_id');
    state.columns = state.columns.map((c) => (c.column === 'widget_name' ? { ...c, notNull: false } : c));
    expect(nullCountQueries([widget, param], state)).toEqual([
      {
        table: 'test_widget',
        sql: 'SELECT count(*) FILTER (WHERE "widget_name" IS NULL)::int AS "widget_name", count(*) FILTER (WHERE "owner_id" IS NULL)::int AS "owner_id" FROM "test_widget"',
      },
    ]);
    expect(nullRowsOf([{ table: 'test_widget', row: { widget_name: 0, owner_id: 2 } }])).toEqual(
      new Map([
        ['test_widget.widget_name', 0],
        ['test_widget.owner_id', 2],
      ]),
    );
  });

  it('asks nothing of a database in step', () => {
    expect(nullCountQueries(allModels, { columns: allModels.flatMap(columnsOf), indexes: new Set() })).toEqual([]);
  });

  it('is made NOT NULL when no row holds NULL', () => {
    expect(planMigration([widget], nullable('owner_id', 0))).toEqual({
      statements: [{ entity: 'test/widget', sql: 'ALTER TABLE "test_widget" ALTER COLUMN "owner_id" SET NOT NULL' }],
      warnings: [],
      notices: [],
    });
  });

  it('gets its NULLs filled with the schema default first, and says so', () => {
    const plan = planMigration([widget], nullable('kind', 3));
    expect(sqlOf(plan)).toEqual(['UPDATE "test_widget" SET "kind" = 1 WHERE "kind" IS NULL', 'ALTER TABLE "test_widget" ALTER COLUMN "kind" SET NOT NULL']);
    expect(plan.notices).toEqual(['test/widget: 3 rows of test_widget holding NULL in the required column kind were given its default 1']);
    expect(plan.warnings).toEqual([]);
  });

  it('stays nullable without a default, with a warning naming the table, column and row count', () => {
    const plan = planMigration([widget], nullable('owner_id', 5));
    expect(plan.statements).toEqual([]);
    expect(plan.warnings).toHaveLength(1);
    expect(plan.warnings[0]).toContain('test_widget.owner_id');
    expect(plan.warnings[0]).toContain('5 rows hold NULL');
    expect(plan.warnings[0]).toContain('left nullable');
  });

  it('stays nullable when its NULLs were not counted', () => {
    const plan = planMigration([widget], nullable('owner_id'));
    expect(plan.statements).toEqual([]);
    expect(plan.warnings[0]).toContain('test_widget.owner_id');
  });

  it('is added NOT NULL when missing from an empty table, nullable with a warning when rows exist', () => {
    const missing = (rows: number): ExistingState => {
      const state = upToDate(widget);
      return { ...state, columns: state.columns.filter((c) => c.column !== 'owner_id'), nullRows: new Map([['test_widget.owner_id', rows]]) };
    };
    expect(sqlOf(planMigration([widget], missing(0)))).toEqual(['ALTER TABLE "test_widget" ADD COLUMN "owner_id" bigint NOT NULL']);
    const populated = planMigration([widget], missing(7));
    expect(sqlOf(populated)).toEqual(['ALTER TABLE "test_widget" ADD COLUMN "owner_id" bigint']);
    expect(populated.warnings[0]).toContain('test_widget.owner_id');
    expect(populated.warnings[0]).toContain('7 rows hold NULL');
  });

  it('is added NOT NULL with its default (which fills the existing rows) without counting', () => {
    const state = upToDate(widget);
    state.columns = state.columns.filter((c) => c.column !== 'kind');
    expect(nullCountQueries([widget], state)).toEqual([]);
    expect(sqlOf(planMigration([widget], state))).toEqual(['ALTER TABLE "test_widget" ADD COLUMN "kind" integer NOT NULL DEFAULT 1']);
  });
});

describe('tenant_id of an existing table', () => {
  it('loses its old default (no row changes) once; then nothing is planned', () => {
    const state = upToDate(param);
    state.columns = state.columns.map((c) => (c.column === 'tenant_id' ? { ...c, hasDefault: true } : c));
    expect(planMigration([param], state)).toEqual({
      statements: [{ entity: 'system/param', sql: 'ALTER TABLE "blade_param" ALTER COLUMN "tenant_id" DROP DEFAULT' }],
      warnings: [],
      notices: [],
    });
    expect(planMigration([param], upToDate(param)).statements).toEqual([]);
  });

  it('is the only thing a plan ever drops, and only its default', () => {
    const state: ExistingState = {
      columns: allModels.flatMap(columnsOf).map((c) => (c.column === 'tenant_id' ? { ...c, hasDefault: true } : { ...c, notNull: false })),
      indexes: new Set(),
    };
    for (const sql of sqlOf(planMigration(allModels, state))) {
      if (/\bDROP\b/.test(sql)) expect(sql).toMatch(/^ALTER TABLE "\w+" ALTER COLUMN "tenant_id" DROP DEFAULT$/);
    }
  });
});
