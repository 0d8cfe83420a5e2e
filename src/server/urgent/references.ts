/**
 * What the emergency registers point at, checked against the caller's
 * tenant on save and update (reservoir/references.ts does the checking).
 */
import type { Reference } from '../actions/reservoir/references.js';

export { RESERVOIR_REF } from '../actions/reservoir/references.js';

export const DEPOSITORY_REF: Reference = {
  field: 'depositoryId',
  table: 'urgent_depository',
  zh: '所选仓库不存在或已被删除',
  en: 'The chosen depository does not exist or was deleted',
};
