/**
 * Helpers the setup handlers share: id lists from bodies and queries, which
 * ids of a list the tenant does not have, and a collector of field errors
 * that answers one 400 naming every field (first message as `msg`).
 */
import { isIdString } from '../../db/ids.js';
import type { Queryable } from '../../db/pool.js';
import type { FieldError } from '../../../shared/envelope.js';
import { badRequest, type Language } from '../../http/apiError.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { quoteIdent } from '../../engine/naming.js';

export type Row = Record<string, unknown>;

/** Field errors gathered while checking one request; `throwIfAny` answers them together. */
export class FieldErrors {
  private readonly errors: FieldError[] = [];
  private readonly texts: { zh: string; en: string }[] = [];

  constructor(private readonly language: Language) {}

  add(field: string, zh: string, en: string): void {
    if (this.errors.some((error) => error.field === field)) return;
    this.errors.push({ field, message: this.language === 'zh' ? zh : en });
    this.texts.push({ zh, en });
  }

  get isEmpty(): boolean {
    return this.errors.length === 0;
  }

  throwIfAny(): void {
    if (this.isEmpty) return;
    throw badRequest(this.texts[0].zh, this.texts[0].en, { errors: this.errors });
  }
}

/** A stored or sent id list: an array of id strings, or a comma-separated string (a query parameter). */
export function idList(raw: unknown): { ids: string[]; isValid: boolean } {
  if (raw === undefined || raw === null || raw === '') return { ids: [], isValid: true };
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
  if (!values) return { ids: [], isValid: false };
  const ids = values.map((value) => (typeof value === 'number' ? String(value) : value));
  return { ids: ids.filter(isIdString), isValid: ids.every(isIdString) };
}

export function hasDuplicates(ids: string[]): boolean {
  return new Set(ids).size !== ids.length;
}

/** The ids of the list that are not live rows of the model's table in the tenant. */
export async function missingIds(db: Queryable, model: EntityModel, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${quoteIdent(model.table)} WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])`,
    [tenantId, ids],
  );
  const present = new Set(found.rows.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}
