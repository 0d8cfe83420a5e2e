/**
 * Dictionary labels for what the server writes itself (.xlsx exports):
 * a tenant's entries of some codes (blade_dict), each read in the caller's
 * language by the shared rule (entryLabel: the English name in English
 * when the entry has one, else the name).
 */
import type { Queryable } from '../db/pool.js';
import type { Language } from '../http/apiError.js';
import { entryLabel } from '../../shared/dictionaryLabel.js';

export interface DictionaryRow {
  code: string;
  dictKey: string;
  dictValue: string;
  dictValueEn: string | null;
}

/** code → key → label. */
export type DictionaryLabels = Map<string, Map<string, string>>;

/** The tenant's entries (not the dictionaries' parent rows) of the codes. */
export async function dictionaryRows(db: Queryable, tenantId: string, codes: readonly string[]): Promise<DictionaryRow[]> {
  if (codes.length === 0) return [];
  const result = await db.query<DictionaryRow>(
    `SELECT code, dict_key AS "dictKey", dict_value AS "dictValue", dict_value_en AS "dictValueEn"
       FROM blade_dict WHERE tenant_id = $1 AND code = ANY($2) AND parent_id <> 0 AND is_deleted = 0`,
    [tenantId, [...codes]],
  );
  return result.rows;
}

export function labelsOf(rows: readonly DictionaryRow[], language: Language): DictionaryLabels {
  const labels: DictionaryLabels = new Map();
  for (const row of rows) {
    if (!labels.has(row.code)) labels.set(row.code, new Map());
    labels.get(row.code)!.set(row.dictKey, entryLabel(row, language));
  }
  return labels;
}

export async function dictionaryLabels(db: Queryable, tenantId: string, codes: readonly string[], language: Language): Promise<DictionaryLabels> {
  return labelsOf(await dictionaryRows(db, tenantId, codes), language);
}
