/** The JSON object a write handler works on, refused as the generic operations refuse it. */
import { badRequest } from '../../http/apiError.js';

export type Row = Record<string, unknown>;

export function bodyObject(body: unknown): Row {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('请求体必须是一个 JSON 对象', 'The request body must be a JSON object');
  }
  return body as Row;
}

/** A body for creating a record: it may not carry an id (the server makes one). */
export function newRecordBody(body: unknown): Row {
  const row = bodyObject(body);
  if (row.id !== undefined && row.id !== null && row.id !== '') throw badRequest('新增数据不能指定主键', 'A new record cannot carry an id');
  return row;
}

/** Whether a value is present in a body (an empty form field counts as absent). */
export function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
