/**
 * References between registers are checked against the caller's tenant: a
 * record may only point at a reservoir (station, factory …) the tenant owns,
 * so nobody attaches rows to another tenant's reservoir by guessing its id.
 * "0" is the contract's "none" and is left to the schema (ids are validated
 * there); a malformed id is left to validation too, which names the field.
 */
import { isIdString } from '../../db/ids.js';
import type { Queryable } from '../../db/pool.js';
import { badRequest } from '../../http/apiError.js';
import type { Language } from '../../http/apiError.js';
import { quoteIdent } from '../../engine/naming.js';

export interface Reference {
  field: string;
  table: string;
  zh: string;
  en: string;
}

export const RESERVOIR_REF: Reference = { field: 'reservoirId', table: 'rsc_reservoir', zh: '所选水库不存在或已被删除', en: 'The chosen reservoir does not exist or was deleted' };

export const STATION_REF: Reference = { field: 'stationId', table: 'info_station', zh: '所选测站不存在或已被删除', en: 'The chosen station does not exist or was deleted' };

export const FACTORY_REF: Reference = { field: 'factoryId', table: 'info_factory', zh: '所选厂家不存在或已被删除', en: 'The chosen manufacturer does not exist or was deleted' };

export async function rowExists(db: Queryable, table: string, tenantId: string, id: string): Promise<boolean> {
  const found = await db.query(`SELECT 1 FROM ${quoteIdent(table)} WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`, [tenantId, id]);
  return (found.rowCount ?? 0) > 0;
}

/** Refuses a body whose references point outside the caller's tenant (or at deleted rows). */
export async function assertReferences(db: Queryable, tenantId: string, language: Language, body: Record<string, unknown>, refs: Reference[]): Promise<void> {
  for (const ref of refs) {
    const value = body[ref.field];
    if (typeof value !== 'string' || value === '0' || !isIdString(value)) continue;
    if (!(await rowExists(db, ref.table, tenantId, value))) {
      throw badRequest(ref.zh, ref.en, { errors: [{ field: ref.field, message: language === 'zh' ? ref.zh : ref.en }] });
    }
  }
}
