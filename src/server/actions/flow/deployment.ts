/**
 * Process deployments (flow/deployment): suspending and activating a definition, moving it to another category,
 * removing it (refused while it has running instances), and deploying uploaded .bpmn files (manager/deploy-upload:
 * multipart `files`, with `category` and `tenantIds`). The blade-flow manager routes are aliases of the same.
 */
import '@fastify/multipart';
import { assertButton } from '../../auth/permissions.js';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { ApiError, badRequest, notFound } from '../../http/apiError.js';
import { MAX_XML_BYTES } from '../../workflow/bpmn/parseProcessXml.js';
import { deployProcess, parsedProcess } from '../../workflow/design/deploy.js';
import { paramsOf, requiredIds, type Params } from '../system/actionParams.js';
import { categoryIdOf, tenantIdsOf } from './designParams.js';

const ACTIVE = 1 as const;
const SUSPENDED = 2 as const;
/** Instance states that still run (running, suspended): a definition they use cannot go. */
const LIVE_INSTANCE_STATES: (1 | 5)[] = [1, 5];
export const MAX_UPLOAD_FILES = 10;

/** `state`/`status` as the console sends it: active|suspended, 1|2. */
function suspensionOf(params: Params): typeof ACTIVE | typeof SUSPENDED {
  const raw = String(params.state ?? params.status ?? params.suspension ?? '').trim();
  if (raw === 'active' || raw === String(ACTIVE)) return ACTIVE;
  if (raw === 'suspended' || raw === String(SUSPENDED)) return SUSPENDED;
  throw badRequest('状态只能是 active（激活）或 suspended（挂起）', 'The state must be active or suspended');
}

function idsOf(params: Params): string[] {
  return requiredIds(params.ids ?? params.id ?? params.deploymentId ?? params.processDefinitionId, 'ids');
}

async function lockedDeployments(ctx: ActionContext, ids: string[]) {
  const rows = await localApi(ctx, ctx.tx as DbClient).find('flow/deployment', { where: { id: ids }, forUpdate: true });
  if (rows.length !== ids.length) throw notFound('流程部署不存在或已被删除', 'The deployment does not exist or was removed');
  return rows;
}

/** The route needs 激活 (flow_deployment_publish, checked by the binding); suspending also needs 挂起 (flow_deployment_stop). */
async function changeStatus(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const suspension = suspensionOf(params);
  if (suspension === SUSPENDED) await assertButton(ctx.db, ctx.caller, 'flow_deployment_stop');
  const ids = idsOf(params);
  const api = localApi(ctx, ctx.tx as DbClient);
  for (const row of await lockedDeployments(ctx, ids)) if (row.suspension !== suspension) await api.update('flow/deployment', row.id, { suspension });
  return { updated: ids.length };
}

async function changeCategory(ctx: ActionContext) {
  const params = paramsOf(ctx);
  const categoryId = categoryIdOf(params);
  const ids = idsOf(params);
  const api = localApi(ctx, ctx.tx as DbClient);
  if (categoryId && !(await api.findById('flow/category', categoryId)))
    throw badRequest('所选流程分类不存在或已被删除', 'The chosen category does not exist or was removed');
  for (const row of await lockedDeployments(ctx, ids)) await api.update('flow/deployment', row.id, { categoryId } as Record<string, unknown>);
  return { updated: ids.length };
}

async function removeDeployments(ctx: ActionContext, ids: string[]) {
  const api = localApi(ctx, ctx.tx as DbClient).tenantWide();
  const rows = await lockedDeployments(ctx, ids);
  const running = await api.count('flow/processInstance', { deploymentId: ids, status: LIVE_INSTANCE_STATES });
  if (running > 0) {
    throw badRequest(`该流程还有 ${running} 个运行中的实例，不能删除`, `The process still has ${running} running instance(s) and cannot be removed`);
  }
  return {
    removed: await api.remove(
      'flow/deployment',
      rows.map((row) => row.id),
    ),
  };
}

const remove = (ctx: ActionContext) => removeDeployments(ctx, idsOf(paramsOf(ctx)));
const deleteDeployment = remove;

function uploadFailure(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, { zh: '每个流程文件不能超过 2 MB', en: 'Each process file must not exceed 2 MB' });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest(`一次最多上传 ${MAX_UPLOAD_FILES} 个流程文件`, `Upload at most ${MAX_UPLOAD_FILES} process files at once`);
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE')
    return badRequest('上传的数据不完整或格式不正确', 'The upload is incomplete or malformed');
  return error;
}

interface Upload {
  fields: Params;
  files: { name: string; xml: string }[];
}

/** The multipart body: `files` (or `file`) parts of .bpmn/.xml, and the fields category and tenantIds. */
async function readUpload(ctx: Omit<ActionContext, 'tx'>): Promise<Upload> {
  const request = ctx.request;
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传流程文件（files）', 'Send the process files (files) as multipart/form-data');
  const fields: Params = {};
  const files: Upload['files'] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_XML_BYTES, files: MAX_UPLOAD_FILES, fields: 10, parts: MAX_UPLOAD_FILES + 10 } })) {
      if (part.type === 'file') {
        const name = (part.filename ?? '').split(/[\\/]/).pop() ?? '';
        if (!/\.(bpmn|xml)$/i.test(name)) {
          part.file.resume();
          throw badRequest(
            `只能上传 .bpmn 或 .xml 流程文件（${name.slice(0, 100)}）`,
            `Only .bpmn or .xml process files can be uploaded (${name.slice(0, 100)})`,
          );
        }
        const content = await part.toBuffer();
        if (part.file.truncated) throw uploadFailure({ code: 'FST_REQ_FILE_TOO_LARGE' });
        files.push({ name: name.slice(0, 255), xml: content.toString('utf8') });
      } else if (typeof part.value === 'string' && ['category', 'categoryId', 'tenantIds'].includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  if (files.length === 0) throw badRequest('请选择要部署的流程文件', 'Choose the process files to deploy');
  return { fields, files };
}

/** Every file's XML parsed first, naming the file it refuses (several may come in one upload). */
async function assertFilesParse(files: Upload['files']): Promise<void> {
  for (const file of files) {
    try {
      await parsedProcess(file.xml);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) throw badRequest(`${file.name}：${error.text.zh}`, `${file.name}: ${error.text.en}`, error.data);
      throw error;
    }
  }
}

/** Read and parsed before the transaction opens (a slow upload holds no connection); refused files name themselves. */
async function readAndParseUpload(ctx: Omit<ActionContext, 'tx'>): Promise<Upload> {
  const upload = await readUpload(ctx);
  await assertFilesParse(upload.files);
  return upload;
}

async function deployUploaded(ctx: ActionContext) {
  const { fields, files } = ctx.prepared as Upload;
  const params = { ...ctx.query, ...fields };
  const input = { categoryId: categoryIdOf(params), tenantIds: tenantIdsOf(params.tenantIds) };
  const deployed = [];
  for (const file of files) deployed.push(...(await deployProcess(ctx, ctx.tx as DbClient, { ...input, xml: file.xml })));
  return deployed;
}

const deployUpload = { prepare: readAndParseUpload, run: deployUploaded };

defineActions('flow/deployment', { changeStatus, changeCategory, remove, deleteDeployment, deployUpload });
