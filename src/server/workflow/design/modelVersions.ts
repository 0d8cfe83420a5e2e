/**
 * Saving a process model and its versions (contract 14 §1): the XML is parsed before anything is stored, the
 * model's key must be the XML's process id, and every save that changes the XML writes flow/modelHistory
 * version n+1 as the main version (the others stop being main). setMainVersion brings an older version back.
 */
import type { FlowModel, FlowModelHistory } from '../../../shared/generated/entityTypes.js';
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';
import { parsedProcess } from './deploy.js';

type Row = Record<string, unknown>;

export interface ModelInput {
  id?: string;
  modelKey?: unknown;
  name?: unknown;
  categoryId?: unknown;
  icon?: unknown;
  description?: unknown;
  xml?: unknown;
  /** The remark of the history version a changed XML writes. */
  remark?: unknown;
  /** The model's row version, guarding against lost updates. */
  version?: unknown;
}

const MODEL_FIELDS = ['modelKey', 'name', 'categoryId', 'icon', 'description', 'version'] as const;

function remarkOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 255) throw badRequest('备注不能超过255个字符', 'The remark cannot exceed 255 characters');
  return raw;
}

/** Marks one history version main and every other version of the model not main. */
async function makeMain(ctx: LocalContext, tx: DbClient, modelId: string, historyId: string): Promise<void> {
  const api = localApi(ctx, tx).tenantWide();
  const mains = await api.find('flow/modelHistory', { where: { modelId, isMain: 1 } });
  for (const other of mains) if (other.id !== historyId) await api.update('flow/modelHistory', other.id, { isMain: 0 });
  await api.update('flow/modelHistory', historyId, { isMain: 1 });
}

/** Writes version n+1 of the model's XML as its main version and points the model at it. */
export async function addModelVersion(ctx: LocalContext, tx: DbClient, model: FlowModel, xml: string, remark?: string): Promise<FlowModelHistory> {
  const api = localApi(ctx, tx).tenantWide();
  const [latest] = await api.find('flow/modelHistory', { where: { modelId: model.id }, sort: ['historyVersion desc'], limit: 1 });
  const historyVersion = Math.max(latest?.historyVersion ?? 0, model.modelVersion ?? 0) + 1;
  const history = await api.create('flow/modelHistory', { modelId: model.id, historyVersion, xml, isMain: 0, remark });
  await makeMain(ctx, tx, model.id, history.id);
  await api.update('flow/model', model.id, { xml, modelVersion: historyVersion, mainHistoryId: history.id });
  return history;
}

/** Creates or updates a model; a new or changed XML is parsed, matched to the key and versioned. Answers the model. */
export async function saveModel(ctx: LocalContext, tx: DbClient, input: ModelInput): Promise<FlowModel> {
  const api = localApi(ctx, tx);
  const existing = input.id ? await api.findById('flow/model', input.id) : undefined;
  if (input.id && !existing) throw notFound();
  const hasXml = typeof input.xml === 'string' && input.xml.trim() !== '';
  if (input.xml !== undefined && input.xml !== null && typeof input.xml !== 'string') throw badRequest('流程 XML 必须是文本', 'The process XML must be text');
  // A new key without a new diagram is held to the stored diagram's process id.
  const keyChanged = existing?.xml && input.modelKey !== undefined && input.modelKey !== existing.modelKey;
  const summary = hasXml ? await parsedProcess(input.xml) : keyChanged ? await parsedProcess(existing.xml) : undefined;
  const data: Row = {};
  for (const name of MODEL_FIELDS) if (input[name] !== undefined) data[name] = input[name];
  // A new model drawn before it was named takes its key from the XML.
  if (summary && (data.modelKey === undefined || data.modelKey === '') && !existing) data.modelKey = summary.processKey;
  const modelKey = (data.modelKey ?? existing?.modelKey) as string | undefined;
  if (summary && modelKey !== summary.processKey) {
    throw badRequest(
      `模型标识「${String(modelKey).slice(0, 64)}」必须与流程图中的流程标识「${summary.processKey}」一致`,
      `The model key "${String(modelKey).slice(0, 64)}" must equal the process id "${summary.processKey}" of the diagram`,
    );
  }
  const saved = existing ? await api.update('flow/model', existing.id, data) : await api.create('flow/model', data);
  const remark = remarkOf(input.remark);
  if (hasXml && input.xml !== existing?.xml) {
    await addModelVersion(ctx, tx, saved, input.xml as string, remark);
    return (await api.findById('flow/model', saved.id))!;
  }
  return saved;
}

/** Makes one history version main and copies its XML back to the model. Answers the model. */
export async function setMainModelVersion(ctx: LocalContext, tx: DbClient, historyId: string): Promise<FlowModel> {
  const api = localApi(ctx, tx);
  const history = await api.findById('flow/modelHistory', historyId);
  if (!history) throw notFound('模型版本不存在或已被删除', 'The model version does not exist or was removed');
  const model = await api.findById('flow/model', history.modelId);
  if (!model) throw notFound('流程模型不存在或已被删除', 'The model does not exist or was removed');
  await makeMain(ctx, tx, model.id, history.id);
  return api.update('flow/model', model.id, { xml: history.xml, mainHistoryId: history.id });
}
