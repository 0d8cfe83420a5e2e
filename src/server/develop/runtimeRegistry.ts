/**
 * The models of the generated registers, looked up by code. Each lookup reads
 * the stored revision (one primary-key query) and sanitizes the schema again
 * only when it changed, so a regeneration on any instance takes effect on the
 * next request everywhere. A register whose schema was committed to schemas/
 * is static: the static model wins and the stored one is left alone.
 */
import type { Db } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import { entityModels } from '../engine/entityRegistry.js';
import { generatedNames, codeOfSchemaId } from './generatedNames.js';
import { checkGeneratedSchema } from './generatedSchemaCheck.js';
import { readRevision, readRuntimeSchema } from './runtimeSchemaStore.js';

interface Cached {
  revision: number;
  model: EntityModel | undefined;
}

const caches = new WeakMap<Db, Map<string, Cached>>();

function cacheOf(db: Db): Map<string, Cached> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export function isStaticSchema(code: string): boolean {
  const id = generatedNames(code).schemaId;
  return entityModels().some((model) => model.id === id);
}

/** The model of the generated register with this code, or undefined (none, committed to schemas/, or broken). */
export async function runtimeModel(db: Db, code: string): Promise<EntityModel | undefined> {
  if (isStaticSchema(code)) return undefined;
  const revision = await readRevision(db, code);
  const cache = cacheOf(db);
  if (revision === undefined) {
    cache.delete(code);
    return undefined;
  }
  const hit = cache.get(code);
  if (hit && hit.revision === revision) return hit.model;
  const stored = await readRuntimeSchema(db, code);
  if (!stored) return undefined;
  let model: EntityModel | undefined;
  try {
    model = checkGeneratedSchema(stored.schema);
  } catch {
    // A stored schema that no longer passes (edited in the database, or the vocabulary changed) is not served.
    model = undefined;
  }
  cache.set(code, { revision: stored.revision, model });
  return model;
}

/** The same, by schema id (`generated/<code>`), for the client-schema endpoint. */
export function runtimeModelById(db: Db, id: string): Promise<EntityModel | undefined> {
  const code = codeOfSchemaId(id);
  return code ? runtimeModel(db, code) : Promise.resolve(undefined);
}
