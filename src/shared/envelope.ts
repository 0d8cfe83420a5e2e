/**
 * The response contract both sides share (SpringBlade's `R`): every answer is
 * `{code, success, data, msg}`; pages are `{records, total, size, current, pages}`.
 */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** Set when more rows match than the engine counts exactly: `total` is then the planner's estimate. */
  totalIsEstimate?: boolean;
}

/** A validation problem tied to one form field, so the console can show it there. */
export interface FieldError {
  field: string;
  message: string;
}

export const SUCCESS_MESSAGE = '操作成功';
export const EMPTY_DATA_MESSAGE = '暂无承载数据';

export function ok<T>(data: T, msg: string = data === null || data === undefined ? EMPTY_DATA_MESSAGE : SUCCESS_MESSAGE): Envelope<T> {
  return { code: 200, success: true, data, msg };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, success: false, data, msg };
}

/** A tree node as tree endpoints return it (SpringBlade TreeNode). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: TreeNode[];
  hasChildren?: boolean;
}
