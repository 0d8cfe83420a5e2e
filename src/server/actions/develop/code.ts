/**
 * Code configurations: copy, gen-code (system saber: turns each configuration
 * into a runtime register, usable at once) and schema (the register's schema
 * file, ready for schemas/generated/ — the same checks as codegen passed).
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { insertRow } from '../../engine/operations/writeOperations.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { buildCheckedSchema, generateRegisters, loadGeneration } from '../../develop/generateRegister.js';
import { generatedNames } from '../../develop/generatedNames.js';
import { idListOf, isBlank, paramsOf, requiredId, transactionOf } from './developParams.js';

/** The systems gen-code generates for: the console's registers (Saber's front end, as the contract names it). */
const SYSTEMS = new Set(['saber']);

const COPIED_COLUMNS = `model_id::text AS "modelId", code_name AS "codeName", code_name_en AS "codeNameEn", service_name AS "serviceName",
  table_prefix AS "tablePrefix", pk_name AS "pkName", package_name AS "packageName", base_mode AS "baseMode", wrap_mode AS "wrapMode",
  parent_menu_id::text AS "parentMenuId"`;

async function copy(ctx: ActionContext): Promise<unknown> {
  const id = requiredId(paramsOf(ctx).id);
  const tx = transactionOf(ctx);
  const found = await tx.query<Record<string, unknown> & { codeName: string }>(`SELECT ${COPIED_COLUMNS} FROM blade_code WHERE id = $1 AND is_deleted = 0`, [
    id,
  ]);
  const original = found.rows[0];
  if (!original) throw notFound('代码生成配置不存在或已被删除', 'The code configuration does not exist or has been deleted');
  const suffix = ctx.language === 'zh' ? '（副本）' : ' (copy)';
  return insertRow(ctx, tx, ctx.model, { ...original, codeName: `${original.codeName.slice(0, 64 - suffix.length)}${suffix}` });
}

async function genCode(ctx: ActionContext): Promise<unknown> {
  const params = paramsOf(ctx);
  if (!isBlank(params.system) && !SYSTEMS.has(String(params.system))) {
    throw badRequest(`不支持生成到“${String(params.system)}”，可选：saber`, `Cannot generate for "${String(params.system)}"; the choice is: saber`);
  }
  // Its own transaction on the owner connection (tables are created); the action's transaction holds nothing yet.
  return generateRegisters(ctx.db, ctx.caller, idListOf(params.ids ?? params.id, 'ids', 20));
}

async function schema(ctx: ActionContext): Promise<unknown> {
  const { input } = await loadGeneration(ctx.db, requiredId(paramsOf(ctx).id), ctx.caller.tenantId);
  const { schema: document } = buildCheckedSchema(input);
  return {
    file: {
      fileName: generatedNames(input.code).fileName,
      content: Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'),
      contentType: 'application/json; charset=utf-8',
    },
  };
}

defineActions('develop/code', { copy, genCode, schema });
