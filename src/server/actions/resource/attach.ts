/**
 * resource/attach: download (the stored object, named with its original
 * name) and remove-oss-attach (the rows and their stored objects). Plain
 * remove (rows only), list, detail and submit (original name) are the
 * engine's; the upload is src/server/resource/uploadRoutes.ts.
 */
import { defineActions, type ActionContext, type FileAnswer } from '../../engine/actions.js';
import { findRow, requireId } from '../../engine/operations/readOperations.js';
import { parseIds, removeRows } from '../../engine/operations/writeOperations.js';
import { notFound } from '../../http/apiError.js';
import { storeOfAttachment, withStorage } from '../../resource/attachments.js';
import { tenantStorageOf } from '../../resource/tenantStorageOf.js';
import { assertDownloadAllowed } from '../../resource/photoAccess.js';
import { contentTypeOf } from '../../storage/objectKeys.js';

/** The binding is open to any signed-in user of the tenant; who may open which file is photoAccess.ts's rule. */
async function download(ctx: ActionContext): Promise<FileAnswer> {
  const row = await findRow(ctx, ctx.model, requireId(ctx.query.id));
  if (!row) throw notFound();
  await assertDownloadAllowed(ctx.db, ctx.caller, String(row.extension));
  const attachment = { name: String(row.name), ossId: (row.ossId as string | null) ?? null };
  const store = await storeOfAttachment(ctx.db, tenantStorageOf(ctx.request), ctx.caller.tenantId, attachment);
  const content = await withStorage(() => store.get(attachment.name));
  // Served as the type its checked extension says, never sniffed into something else.
  ctx.reply.header('x-content-type-options', 'nosniff');
  return { file: { fileName: String(row.originalName), content, contentType: contentTypeOf(String(row.extension)) } };
}

function idsOf(ctx: ActionContext): unknown {
  const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
  return ctx.query.ids ?? (Array.isArray(body.ids) ? body.ids.join(',') : body.ids);
}

/** Hides the rows and deletes their objects, in one transaction: a storage failure leaves every row in place (an object already gone counts as deleted, so a retry finishes the job). */
async function removeOssAttach(ctx: ActionContext): Promise<{ removed: number }> {
  let found: { name: string; oss_id: string | null }[] = [];
  const { removed } = await removeRows(ctx, ctx.tx, ctx.model, parseIds(idsOf(ctx)), async (rows) => {
    found = rows.map((row) => ({ name: String(row.name), oss_id: row.oss_id === null ? null : String(row.oss_id) }));
  });
  const storage = tenantStorageOf(ctx.request);
  for (const row of found) {
    const store = await storeOfAttachment(ctx.tx, storage, ctx.caller.tenantId, { name: row.name, ossId: row.oss_id });
    await withStorage(() => store.remove(row.name));
  }
  return { removed };
}

defineActions('resource/attach', { download, removeOssAttach });
