/**
 * report/reportFile: every spreadsheet the engine exports is recorded as a
 * report entry (file name, register, rows, bytes, who, when) through the
 * export listener. A failed record never fails the export.
 */
import { nextId } from '../../db/ids.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { actorOf } from '../../engine/operations/context.js';
import { onExport } from '../../engine/operations/exportOperation.js';
import { buildInsert } from '../../engine/sqlBuilder.js';

onExport(async (ctx, model, file, rowCount) => {
  const record = {
    name: file.fileName,
    register: model.id,
    registerTitle: model.title,
    rowCount,
    fileSize: file.content.length,
    createBy: ctx.caller.account,
  };
  try {
    const sql = buildInsert(entityModel('report/reportFile'), actorOf(ctx.caller), nextId(), record);
    await ctx.db.query(sql.text, sql.values);
  } catch (error) {
    process.emitWarning(`recording the export of ${model.id} as a report failed: ${(error as Error).message}`);
  }
});
