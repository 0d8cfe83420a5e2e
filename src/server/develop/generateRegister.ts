/**
 * gen-code for one code configuration, in the caller's transaction: the schema
 * built from the configuration's data model and checked like a schema file,
 * clash checks against everything that exists, the table created (or, on a
 * regeneration, extended) by the engine's additive migration, the schema
 * stored, the menu created and granted. The register answers on the next
 * request, on every instance, without a restart.
 */
import type { EntitySchema } from '../../shared/entitySchema.js';
import { entityPages } from '../../shared/generated/pageRegistry.js';
import { applyPlan, planModels } from '../db/migrate.js';
import { ownerPoolOf } from '../db/ownerPool.js';
import { withTransaction, type Db, type DbClient, type Queryable } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import { entityModels } from '../engine/entityRegistry.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { Caller } from '../http/caller.js';
import { isReferenceTarget, knownDictionaries } from './fieldDefinition.js';
import { ensureRegisterMenus, takenMenuCodes } from './generatedMenus.js';
import { generatedNames, type GeneratedNames } from './generatedNames.js';
import { buildGeneratedSchema, GenerationError, humanize, type GenerationInput, type PrototypeRow } from './generatedSchema.js';
import { checkGeneratedSchema, GeneratedSchemaError } from './generatedSchemaCheck.js';
import { isStaticSchema } from './runtimeRegistry.js';
import { readRuntimeSchema, saveRuntimeSchema } from './runtimeSchemaStore.js';

export interface CodeConfiguration {
  id: string;
  modelId: string;
  codeName: string;
  codeNameEn: string | null;
  parentMenuId: string | null;
}

export interface LoadedGeneration {
  config: CodeConfiguration;
  modelId: string;
  input: GenerationInput;
}

export interface GenerationResult {
  code: string;
  schemaId: string;
  revision: number;
  isNew: boolean;
  menuId: string;
  pagePath: string;
}

const PROTOTYPE_COLUMNS = `jdbc_name AS "jdbcName", jdbc_comment AS "jdbcComment", title_en AS "titleEn", property_name AS "propertyName",
  property_type AS "propertyType", property_length AS "propertyLength", is_list AS "isList", is_form AS "isForm", is_required AS "isRequired",
  is_query AS "isQuery", query_type AS "queryType", component_type AS "componentType", dict_code AS "dictCode", dict_multiple AS "dictMultiple",
  ref_schema AS "refSchema", field_pattern AS "fieldPattern", is_unique AS "isUnique", unique_with AS "uniqueWith",
  unique_message AS "uniqueMessage", unique_message_en AS "uniqueMessageEn", required_message AS "requiredMessage", required_message_en AS "requiredMessageEn",
  pattern_message AS "patternMessage", pattern_message_en AS "patternMessageEn", max_length_message AS "maxLengthMessage",
  max_length_message_en AS "maxLengthMessageEn", sort`;

/** The configuration, its model and the model's fields, as the generator reads them; dictionaries are the tenant's. */
export async function loadGeneration(db: Queryable, codeId: string, tenantId: string): Promise<LoadedGeneration> {
  const configs = await db.query<CodeConfiguration>(
    `SELECT id::text AS id, model_id::text AS "modelId", code_name AS "codeName", code_name_en AS "codeNameEn", parent_menu_id::text AS "parentMenuId"
       FROM blade_code WHERE id = $1 AND is_deleted = 0`,
    [codeId],
  );
  const config = configs.rows[0];
  if (!config) throw notFound('代码生成配置不存在或已被删除', 'The code configuration does not exist or has been deleted');
  const models = await db.query<{ modelCode: string; modelClass: string | null }>(
    'SELECT model_code AS "modelCode", model_class AS "modelClass" FROM blade_model WHERE id = $1 AND is_deleted = 0',
    [config.modelId],
  );
  const model = models.rows[0];
  if (!model) throw badRequest('配置的数据模型不存在或已被删除', 'The data model of the configuration does not exist or has been deleted');
  const fields = await db.query<PrototypeRow>(
    `SELECT ${PROTOTYPE_COLUMNS} FROM blade_model_prototype WHERE model_id = $1 AND is_deleted = 0 ORDER BY sort, create_time, id`,
    [config.modelId],
  );
  const titleEn = config.codeNameEn?.trim() || model.modelClass?.trim() || humanize(model.modelCode);
  const dictionaries = await knownDictionaries(db, tenantId, fields.rows.map((row) => row.dictCode?.trim() ?? '').filter(Boolean));
  const names = { isRegister: isReferenceTarget, isDictionary: (code: string) => dictionaries.has(code) };
  return { config, modelId: config.modelId, input: { code: model.modelCode, title: config.codeName, titleEn, fields: fields.rows, names } };
}

/** The schema and its sanitized model; any problem is a 400 saying what to change. */
export function buildCheckedSchema(input: GenerationInput): { schema: EntitySchema; model: EntityModel } {
  try {
    const schema = buildGeneratedSchema(input);
    return { schema, model: checkGeneratedSchema(schema) };
  } catch (error) {
    if (error instanceof GenerationError) throw badRequest(error.zh, error.en);
    if (error instanceof GeneratedSchemaError) throw badRequest(`生成的 Schema 无效：${error.message}`, `The generated schema is not valid: ${error.message}`);
    throw error;
  }
}

async function tableExists(tx: DbClient, table: string): Promise<boolean> {
  const result = await tx.query(
    'SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relname = $1',
    [table],
  );
  return (result.rowCount ?? 0) > 0;
}

/** A new register takes nothing that exists: table, routes, page path, menu and button codes. */
async function assertNoClash(tx: DbClient, names: GeneratedNames): Promise<void> {
  const clash = (what: string, whatEn: string) =>
    badRequest(`无法生成“${names.code}”：${what}已存在`, `Cannot generate "${names.code}": the ${whatEn} already exists`);
  if (entityModels().some((model) => model.table === names.table) || (await tableExists(tx, names.table)))
    throw clash(`数据表 ${names.table} `, `table ${names.table}`);
  if (entityModels().some((model) => model.bindings.some((binding) => binding.url.startsWith(names.routePrefix))))
    throw clash(`接口 ${names.routePrefix}* `, `routes ${names.routePrefix}*`);
  if (entityPages.some((page) => page.path === names.pagePath)) throw clash(`页面 ${names.pagePath} `, `page ${names.pagePath}`);
  const taken = await takenMenuCodes(tx, names);
  if (taken.length > 0) throw clash(`菜单编号 ${taken.join(', ')} `, `menu codes ${taken.join(', ')}`);
}

/** The additive migration of the register's table; a field whose type changed since the last generation is refused. */
async function migrateTable(tx: DbClient, model: EntityModel): Promise<void> {
  const plan = await planModels(tx, [model]);
  if (plan.warnings.length > 0) {
    const columns = plan.warnings.map((warning) => /column \S+\.(\S+) is/.exec(warning)?.[1] ?? warning).join(', ');
    throw badRequest(
      `字段 ${columns} 的类型与已生成的数据表不一致，已有数据不能自动转换；请改用新的字段名称`,
      `The type of ${columns} differs from the generated table, whose data cannot be converted automatically; use a new column name instead`,
    );
  }
  try {
    await applyPlan(tx, plan);
  } catch (error) {
    // A new unique rule over rows that already repeat: its unique index cannot be built.
    if ((error as { code?: string }).code !== '23505') throw error;
    throw badRequest(
      '已有数据存在重复值，无法添加唯一约束；请先修改这些数据',
      'Existing rows repeat a value, so the unique rule cannot be added; correct those rows first',
    );
  }
}

export async function generateRegister(tx: DbClient, caller: Caller, codeId: string): Promise<GenerationResult> {
  const { config, modelId, input } = await loadGeneration(tx, codeId, caller.tenantId);
  const { schema, model } = buildCheckedSchema(input);
  const names = generatedNames(input.code);
  if (isStaticSchema(input.code)) {
    throw badRequest(
      `登记表“${input.code}”已提交到 schemas/generated/，请修改该文件`,
      `The register "${input.code}" was committed to schemas/generated/; change that file instead`,
    );
  }
  const stored = await readRuntimeSchema(tx, input.code, { forUpdate: true });
  if (stored && stored.modelId !== modelId) {
    throw badRequest(`编号为“${input.code}”的登记表已由另一个数据模型生成`, `A register with the code "${input.code}" was generated from another data model`);
  }
  if (!stored) await assertNoClash(tx, names);
  await migrateTable(tx, model);
  const revision = await saveRuntimeSchema(tx, { code: input.code, schema, modelId, codeId, userId: caller.userId });
  const menuId = await ensureRegisterMenus(tx, caller, { names, title: schema.title, titleEn: schema['x-title-en'], parentMenuId: config.parentMenuId });
  return { code: input.code, schemaId: names.schemaId, revision, isNew: !stored, menuId, pagePath: names.pagePath };
}

/**
 * gen-code for several configurations in one transaction on the owner connection: creating or
 * extending a table is DDL, which the application's role may not run (db/appRole.ts).
 */
export async function generateRegisters(db: Db, caller: Caller, codeIds: string[]): Promise<GenerationResult[]> {
  return withTransaction(ownerPoolOf(db), async (tx) => {
    const results = [];
    for (const id of codeIds) results.push(await generateRegister(tx, caller, id));
    return results;
  });
}
