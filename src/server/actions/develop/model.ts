/**
 * Data models read from a data source: its tables (engine-owned ones never
 * offered), one table's columns, the prototype rows of a model — its
 * saved fields, or fields derived from a table's columns — and the registers
 * a reference field may point at.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModels } from '../../engine/entityRegistry.js';
import { notFound } from '../../http/apiError.js';
import { withDatasource } from '../../develop/datasourceConnection.js';
import { referenceTargets } from '../../develop/fieldDefinition.js';
import { prototypesOfColumns } from '../../develop/prototypeRules.js';
import { describeTable, listTables } from '../../develop/tableCatalog.js';
import { datasourceIdOf, isBlank, paramsOf, requiredId, tableNameOf } from './developParams.js';
import { savedPrototypes } from './prototypeQueries.js';

/** Tables of every registered schema: never offered, even where a data source reaches this database. */
function registeredTables(): Set<string> {
  return new Set(entityModels().map((model) => model.table));
}

async function tableList(ctx: ActionContext): Promise<unknown> {
  const datasourceId = datasourceIdOf(paramsOf(ctx).datasourceId);
  return withDatasource(ctx.db, datasourceId, (reader) => listTables(reader, registeredTables()));
}

async function tableInfo(ctx: ActionContext): Promise<unknown> {
  const params = paramsOf(ctx);
  const tableName = tableNameOf(params.tableName);
  return withDatasource(ctx.db, datasourceIdOf(params.datasourceId), (reader) => describeTable(reader, tableName, registeredTables()));
}

async function derivedFromTable(ctx: ActionContext, datasourceId: string, tableName: string): Promise<unknown[]> {
  const info = await withDatasource(ctx.db, datasourceId, (reader) => describeTable(reader, tableName, registeredTables()));
  return prototypesOfColumns(info.columns);
}

/**
 * `?modelId=`: the model's saved fields, or (none saved yet) those of its table.
 * `?datasourceId=&tableName=`: the fields a table's columns give.
 */
async function modelPrototype(ctx: ActionContext): Promise<unknown> {
  const params = paramsOf(ctx);
  if (isBlank(params.modelId)) return derivedFromTable(ctx, datasourceIdOf(params.datasourceId), tableNameOf(params.tableName));
  const modelId = requiredId(params.modelId, 'modelId');
  const found = await ctx.db.query<{ datasourceId: string; modelTable: string | null }>(
    'SELECT datasource_id::text AS "datasourceId", model_table AS "modelTable" FROM blade_model WHERE id = $1 AND is_deleted = 0',
    [modelId],
  );
  const model = found.rows[0];
  if (!model) throw notFound('数据模型不存在或已被删除', 'The data model does not exist or has been deleted');
  const saved = await savedPrototypes(ctx.db, modelId);
  if (saved.length > 0 || !model.modelTable) return saved;
  return derivedFromTable(ctx, model.datasourceId, tableNameOf(model.modelTable));
}

/** The registers a reference field may point at: schema id, title (zh/en) and how the console picks a row. */
function registerList(): Promise<unknown> {
  return Promise.resolve(referenceTargets());
}

defineActions('develop/model', { tableList, tableInfo, modelPrototype, registerList });
