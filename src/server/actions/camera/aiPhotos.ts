/**
 * AI-annotated photos (camera/aiPhoto): the labels are checked here (the
 * schema can only say "a list"), the row's confidence is the best label's,
 * and aiPhoto/list answers the annotated photos of an original photo or of
 * an event the caller may see.
 */
import type { SchemaId } from '../../../shared/generated/entityTypes.js';
import { isIdString } from '../../db/ids.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { entityModels } from '../../engine/entityRegistry.js';
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest, notFound } from '../../http/apiError.js';

export interface AiLabel {
  label: string;
  confidence: number;
  box: [number, number, number, number];
}

const MAX_LABEL_LENGTH = 32;
const MAX_URL_LENGTH = 1000;
const EVENT_SCHEMA = 'inspect/event';

type Row = Record<string, unknown>;

function labelError(index: number, zh: string, en: string): Error {
  return badRequest(`识别结果第 ${index + 1} 项：${zh}`, `Detection ${index + 1}: ${en}`);
}

/** One detection as stored: a short label, a confidence 0–1 and a box [x, y, w, h] of non-negative numbers. */
function labelOf(raw: unknown, index: number): AiLabel {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw labelError(index, '应为 {label, confidence, box}', 'expected {label, confidence, box}');
  const { label, confidence, box } = raw as Row;
  if (typeof label !== 'string' || label.trim() === '' || label.length > MAX_LABEL_LENGTH) {
    throw labelError(index, `标签应为 1–${MAX_LABEL_LENGTH} 个字`, `the label must have 1–${MAX_LABEL_LENGTH} characters`);
  }
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1))
    throw labelError(index, '置信度应在 0 到 1 之间', 'the confidence must be between 0 and 1');
  if (!Array.isArray(box) || box.length !== 4 || !box.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0)) {
    throw labelError(index, '框应为 [x, y, 宽, 高] 四个非负数', 'the box must be [x, y, width, height], four non-negative numbers');
  }
  return { label: label.trim(), confidence, box: box as AiLabel['box'] };
}

/** Checks a labels value (undefined stays undefined: nothing to check). */
export function labelsOf(raw: unknown): AiLabel[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw badRequest('识别结果应为列表', 'labels must be a list');
  return raw.map(labelOf);
}

defineHooks('camera/aiPhoto', {
  beforeValidate: ({ data }) => {
    const labels = labelsOf(data.labels);
    if (!labels) return;
    data.labels = labels;
    if (labels.length > 0) data.confidence = Math.max(...labels.map((l) => l.confidence));
  },
});

function urlOf(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) throw badRequest('图片地址不正确', 'The photo URL is not valid');
  return value;
}

/** An event's photos only for a caller whose data scope sees the event (the event register, when it is installed). */
async function assertEventVisible(ctx: ActionContext, eventId: string): Promise<void> {
  if (!entityModels().some((model) => model.id === EVENT_SCHEMA)) return;
  const event = await localApi(ctx).findById(EVENT_SCHEMA as SchemaId, eventId);
  if (!event) throw notFound('事件不存在或已被删除', 'The event does not exist or was deleted');
}

/** POST aiPhoto/list {originalUrl?, eventId?}: the annotated photos, newest first. */
async function list(ctx: ActionContext): Promise<Row[]> {
  const body = ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Row) : {};
  const originalUrl = urlOf(body.originalUrl ?? ctx.query.originalUrl);
  const rawEventId = body.eventId ?? ctx.query.eventId;
  const eventId = rawEventId === undefined || rawEventId === null || rawEventId === '' ? undefined : String(rawEventId);
  if (!originalUrl && !eventId) throw badRequest('请提供原始图片地址或事件', 'Give the original photo URL or the event');
  if (eventId !== undefined && !isIdString(eventId)) throw badRequest('事件编号格式不正确', 'The event id is malformed');
  if (eventId) await assertEventVisible(ctx, eventId);
  const where: Row = {};
  if (originalUrl) where.originalUrl = originalUrl;
  if (eventId) where.eventId = eventId;
  return (await localApi(ctx).tenantWide().find('camera/aiPhoto', { where, limit: 100 })) as unknown as Row[];
}

defineActions('camera/aiPhoto', { list });
