/**
 * Helpers the setup handlers share: id lists from bodies and queries, which
 * ids of a list the tenant does not have, and a collector of field errors
 * that answers one 400 naming every field (first message as `msg`).
 */
import { isIdString } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import type { FieldError } from '../../../shared/envelope.js';
import type { SchemaId } from '../../../shared/generated/entityTypes.js';
import { badRequest, type Language } from '../../http/apiError.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';

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
  const values = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  if (!values) return { ids: [], isValid: false };
  const ids = values.map((value) => (typeof value === 'number' ? String(value) : value));
  return { ids: ids.filter(isIdString), isValid: ids.every(isIdString) };
}

export function hasDuplicates(ids: string[]): boolean {
  return new Set(ids).size !== ids.length;
}

/** The ids of the list that are not live rows of the register in the caller's tenant. */
export async function missingIds(ctx: LocalContext, tx: Queryable, schemaId: SchemaId, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await localApi(ctx, tx as DbClient)
    .tenantWide()
    .find(schemaId, { where: { id: ids } as never });
  const present = new Set(found.map((row) => String(row.id)));
  return ids.filter((id) => !present.has(id));
}
