/**
 * report/reportFile: every spreadsheet the engine exports is recorded as a
 * report entry (file name, register, rows, bytes, who, when) through the
 * export listener, written by the local API. A failed record never fails the export.
 */
import { localApi } from '../../engine/localApi.js';
import { onExport } from '../../engine/operations/exportOperation.js';

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
    await localApi(ctx).create('report/reportFile', record);
  } catch (error) {
    process.emitWarning(`recording the export of ${model.id} as a report failed: ${(error as Error).message}`);
  }
});
