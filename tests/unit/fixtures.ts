/**
 * Shared helpers for the unit specs: the real schemas read from disk, their
 * sanitized models, and a way to look at what a call throws.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { buildEntityModel, type EntityModel, type RouteBinding } from '../../src/server/engine/entityModel.js';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function readJson(relativePath: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, relativePath), 'utf8'));
}

/** The schema file schemas/<id>.json, e.g. `system/param`. */
export function readEntitySchema(id: string): EntitySchema {
  return readJson(`schemas/${id}.json`) as EntitySchema;
}

export function modelOf(id: string): EntityModel {
  return buildEntityModel(readEntitySchema(id));
}

export function bindingOf(model: EntityModel, name: string): RouteBinding {
  const binding = model.bindings.find((b) => b.name === name);
  if (!binding) throw new Error(`${model.id} has no binding ${name}`);
  return binding;
}

/** What `run` throws; fails the spec when it does not throw. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned normally');
}

/** A small valid entity schema to vary in specs. */
export function widgetSchema(): EntitySchema {
  return {
    $id: 'test/widget',
    title: '部件',
    'x-title-en': 'Widget',
    type: 'object',
    'x-table': 'test_widget',
    'x-menu': 'widget',
    'x-api': { list: 'GET /api/test/widget/list' },
    properties: {
      widgetName: { type: 'string', maxLength: 64, title: '部件名称', 'x-en': 'Widget name', 'x-list': true, 'x-search': 'like' },
    },
  };
}
