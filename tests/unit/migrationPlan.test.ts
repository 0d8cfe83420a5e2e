import { describe, expect, it } from 'vitest';
import { loadSchemaFiles } from '../../codegen/loadSchemaFiles.js';
import { buildEntityModel, type EntityModel } from '../../src/server/engine/entityModel.js';
import { indexDefinitions, indexName, planMigration, type ExistingColumn, type ExistingState, type MigrationPlan } from '../../src/server/engine/migrationPlan.js';
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
  return model.fields.map((f) => ({ table: model.table, column: f.column, type: printed(f.sqlType) }));
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
    expect(sqlOf(plan).filter((sql) => sql.startsWith('CREATE TABLE '))).toHaveLength(allModels.length);
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
    expect(create).toContain(`"tenant_id" varchar(12) NOT NULL DEFAULT '000000'`);
    expect(create).toContain('"create_user" bigint,');
    expect(create).toContain('"create_time" timestamp(0) NOT NULL DEFAULT LOCALTIMESTAMP(0)');
    expect(create).toContain('"is_deleted" integer NOT NULL DEFAULT 0');
    expect(create).toContain('"version" integer NOT NULL DEFAULT 1');
  });

  it('defines declared columns with their SQL type and schema default', () => {
    const create = createTableOf(plan, dict);

    expect(create).toContain('"code" varchar(64),');
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

  it('gets the parent index of a tree register and the x-indexes ones', () => {
    expect(sqlOf(plan)).toContain('CREATE INDEX IF NOT EXISTS ix_blade_dict_parent ON "blade_dict" ("tenant_id", "parent_id")');
    expect(sqlOf(plan)).toContain('CREATE INDEX IF NOT EXISTS ix_blade_dict_code ON "blade_dict" ("tenant_id", "code")');
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
    const state: ExistingState = {
      columns: allModels.flatMap(columnsOf),
      indexes: new Set(allModels.flatMap((m) => indexDefinitions(m).map((i) => i.name))),
    };

    expect(planMigration(allModels, state)).toEqual({ statements: [], warnings: [] });
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
    state.columns.push({ table: 'blade_param', column: 'legacy_code', type: 'character varying(32)' });

    expect(planMigration([param], state)).toEqual({ statements: [], warnings: [] });
  });

  it('never narrows or converts a column: such a type difference is a warning and no statement', () => {
    const state = upToDate(param);
    state.columns = state.columns.map((c) => (c.column === 'param_key' ? { ...c, type: 'character varying(300)' } : c.column === 'remark' ? { ...c, type: 'integer' } : c));

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
    expect(planMigration([param], state)).toEqual({ statements: [{ entity: 'system/param', sql: 'ALTER TABLE "blade_param" ALTER COLUMN "param_key" TYPE varchar(255)' }], warnings: [] });
  });

  it('contains no DROP in any of these plans', () => {
    const extraColumn = upToDate(dict);
    extraColumn.columns.push({ table: 'blade_dict', column: 'old_label', type: 'text' });
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
