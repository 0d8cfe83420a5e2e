/**
 * submit-list: a data model's fields become exactly the list sent (Saber sends
 * the prototype editor's rows as an array): rows with an id are updated, new
 * ones inserted, the model's other fields removed — in one transaction, each
 * row validated like a single submit, a bad row named by its position.
 *
 * Every saved field (submit or submit-list) must name a register that can be
 * referred to, a dictionary of the caller's tenant and a usable pattern (a
 * beforeChange hook); the properties a unique field names must be fields of
 * the model once the whole list is saved.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { definitionProblem } from '../../develop/fieldDefinition.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { ApiError, badRequest, notFound } from '../../http/apiError.js';
import { isBlank, requiredId, transactionOf, type Params } from './developParams.js';
import { savedPrototypes } from './prototypeQueries.js';

const MAX_ROWS = 200;

function rowsOf(body: unknown): Params[] {
  const rows = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as Params).prototypes : undefined;
  if (!Array.isArray(rows)) throw badRequest('请求体必须是字段列表', 'The request body must be the list of fields');
  if (rows.length > MAX_ROWS) throw badRequest(`一个模型最多 ${MAX_ROWS} 个字段`, `A model has at most ${MAX_ROWS} fields`);
  if (rows.some((row) => !row || typeof row !== 'object' || Array.isArray(row)))
    throw badRequest('每个字段必须是一个 JSON 对象', 'Every field must be a JSON object');
  return rows as Params[];
}

/** The model every row belongs to: ?modelId=, else the rows' own (all the same). */
function modelIdOf(ctx: ActionContext, rows: Params[]): string {
  const given = isBlank(ctx.query.modelId) ? rows[0]?.modelId : ctx.query.modelId;
  const modelId = requiredId(given, 'modelId');
  if (rows.some((row) => !isBlank(row.modelId) && String(row.modelId) !== modelId)) {
    throw badRequest('所有字段必须属于同一个数据模型', 'All fields must belong to the same data model');
  }
  return modelId;
}

/** A row's error, prefixed with its position so the editor can point at it. */
function atRow(error: unknown, index: number): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const data = error.data && typeof error.data === 'object' ? error.data : {};
  return new ApiError(400, { zh: `第 ${index + 1} 行：${error.text.zh}`, en: `Row ${index + 1}: ${error.text.en}` }, { ...data, row: index });
}

async function submitList(ctx: ActionContext): Promise<unknown> {
  const rows = rowsOf(ctx.body);
  const modelId = modelIdOf(ctx, rows);
  const tx = transactionOf(ctx);
  const model = await tx.query('SELECT 1 FROM blade_model WHERE id = $1 AND is_deleted = 0 FOR UPDATE', [modelId]);
  if (!model.rowCount) throw notFound('数据模型不存在或已被删除', 'The data model does not exist or has been deleted');
  const existing = new Set((await savedPrototypes(tx, modelId)).map((row) => String(row.id)));
  const kept = rows.filter((row) => !isBlank(row.id)).map((row) => String(row.id));
  const foreign = kept.find((id) => !existing.has(id));
  if (foreign) throw badRequest(`字段 ${foreign} 不属于该数据模型`, `The field ${foreign} does not belong to this data model`);
  // Removed first, so a column moved to a new row does not collide with its old one.
  await tx.query(
    `UPDATE blade_model_prototype SET is_deleted = 1, version = version + 1, update_user = $3, update_time = LOCALTIMESTAMP(0)
      WHERE model_id = $1 AND is_deleted = 0 AND NOT (id = ANY($2::bigint[]))`,
    [modelId, kept, ctx.caller.userId],
  );
  for (const [index, row] of rows.entries()) {
    const body = { ...row, modelId, sort: row.sort ?? index + 1 };
    try {
      if (isBlank(row.id)) await insertRow(ctx, tx, ctx.model, body);
      else await updateRow(ctx, tx, ctx.model, body);
    } catch (error) {
      throw atRow(error, index);
    }
  }
  const saved = await savedPrototypes(tx, modelId);
  assertUniqueNames(ctx, saved);
  return saved;
}

/** A unique field may name only the model's other properties. */
function assertUniqueNames(ctx: ActionContext, saved: Record<string, unknown>[]): void {
  const properties = new Set(saved.map((row) => String(row.propertyName)));
  for (const [index, row] of saved.entries()) {
    const names = typeof row.uniqueWith === 'string' ? row.uniqueWith.split(',').filter(Boolean) : [];
    const unknown = names.find((name) => !properties.has(name) || name === row.propertyName);
    if (!unknown) continue;
    const text =
      unknown === row.propertyName
        ? { zh: '联合唯一字段不能包含字段自身', en: 'A field cannot be unique together with itself' }
        : { zh: `联合唯一字段“${unknown}”不是该模型的属性`, en: `The property "${unknown}" named as unique together is not a field of the model` };
    throw atRow(badRequest(text.zh, text.en, { errors: [{ field: 'uniqueWith', message: ctx.language === 'zh' ? text.zh : text.en }] }), index);
  }
}

defineActions('develop/modelPrototype', { submitList });

defineHooks('develop/modelPrototype', {
  beforeChange: async ({ ctx, tx, merged }) => {
    const problem = await definitionProblem(tx, ctx.caller.tenantId, merged);
    if (problem) throw badRequest(problem.zh, problem.en, { errors: [{ field: problem.field, message: ctx.language === 'zh' ? problem.zh : problem.en }] });
  },
});
