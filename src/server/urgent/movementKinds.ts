/**
 * The three movement registers and what each does to a goods' stock: a
 * purchase adds, a write-off (removal) and a use subtract. The log type is
 * the dictionary goods_log_type; the operation is goods_log_operation.
 */
export type MovementSource = 'purchase' | 'removal' | 'goodsUsed';

export interface MovementKind {
  schemaId: `urgent/${MovementSource}`;
  source: MovementSource;
  /** +1 into stock, -1 out of it. */
  direction: 1 | -1;
  /** goods_log_type: 1 采购入库, 3 抢险使用, 4 报废核销. */
  logType: number;
  /** The field holding the movement's business date, and its column. */
  dateField: string;
  dateColumn: string;
}

/** goods_log_operation: what happened to the movement record. */
export const LOG_OPERATION = { record: 1, correct: 2, reverse: 3 } as const;
export type LogOperation = (typeof LOG_OPERATION)[keyof typeof LOG_OPERATION];

export const PURCHASE: MovementKind = {
  schemaId: 'urgent/purchase',
  source: 'purchase',
  direction: 1,
  logType: 1,
  dateField: 'purchaseDate',
  dateColumn: 'purchase_date',
};
export const REMOVAL: MovementKind = {
  schemaId: 'urgent/removal',
  source: 'removal',
  direction: -1,
  logType: 4,
  dateField: 'removalDate',
  dateColumn: 'removal_date',
};
export const GOODS_USED: MovementKind = {
  schemaId: 'urgent/goodsUsed',
  source: 'goodsUsed',
  direction: -1,
  logType: 3,
  dateField: 'usedDate',
  dateColumn: 'used_date',
};
