/**
 * The console's typed entity API: a register's endpoints by schema id, with
 * the rows typed by the generated entity types (EntityTypeMap) — for
 * hand-written pages that read or write a register without spelling its URLs.
 *
 *   const goods = entityClient('urgent/goods');
 *   const page = await goods.list({ current: 1, size: 20, depositoryId });   // Page<UrgentGoods>
 */
import type { EntityTypeMap, SchemaId } from '../../shared/generated/entityTypes';
import type { Page } from '../../shared/envelope';
import type { ParamValue } from '../api/request';
import type { ListQuery } from './crudLogic';
import { bindingOf, fetchClientSchema, fetchDetail, fetchPage, fetchRecords, removeRecords, saveRecord, type EntityRecord } from './entityApi';

/** A row as lists and details answer it: the register's fields plus each reference's title (x-ref-title). */
export type EntityRow<K extends SchemaId> = EntityTypeMap[K] & Record<string, unknown>;

export interface EntityClient<K extends SchemaId> {
  /** A page: current, size and the register's declared filters. */
  list(query: ListQuery): Promise<Page<EntityRow<K>>>;
  listAll(params?: Record<string, ParamValue>): Promise<EntityRow<K>[]>;
  detail(id: string): Promise<EntityRow<K>>;
  save(body: Partial<EntityTypeMap[K]>): Promise<EntityRow<K>>;
  remove(ids: readonly string[]): Promise<void>;
}

async function bindingFor(id: SchemaId, name: string, ...ops: Parameters<typeof bindingOf>[2][]) {
  const schema = await fetchClientSchema(id);
  const binding = bindingOf(schema, name, ...ops);
  if (!binding) throw new Error(`${id} has no ${name} endpoint`);
  return binding;
}

export function entityClient<K extends SchemaId>(id: K): EntityClient<K> {
  return {
    async list(query) {
      return (await fetchPage(await bindingFor(id, 'list', 'list'), { current: 1, size: 10, ...query })) as Page<EntityRow<K>>;
    },
    async listAll(params = {}) {
      return (await fetchRecords(await bindingFor(id, 'listAll', 'listAll'), params)) as EntityRow<K>[];
    },
    async detail(rowId) {
      return (await fetchDetail(await bindingFor(id, 'detail', 'detail'), rowId)) as EntityRow<K>;
    },
    async save(body) {
      const record = body as EntityRecord;
      return (await saveRecord(await fetchClientSchema(id), record, !record.id)) as EntityRow<K>;
    },
    async remove(ids) {
      await removeRecords(await fetchClientSchema(id), ids);
    },
  };
}
