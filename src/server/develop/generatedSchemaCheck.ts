/**
 * Never trust a generated schema before this: it must be valid against
 * schemas/meta.schema.json (exactly what codegen checks), sanitize with the
 * engine's buildEntityModel, and keep the shape of a generated register (its
 * own gen_ table, tenant scope, routes under its own prefix, its own menu).
 * Used when generating, when downloading and whenever a stored schema is
 * loaded (a row edited in the database is checked like a new one).
 */
import fs from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import type { EntitySchema } from '../../shared/entitySchema.js';
import { buildEntityModel, type EntityModel } from '../engine/entityModel.js';
import { codeOfSchemaId, generatedNames } from './generatedNames.js';

export class GeneratedSchemaError extends Error {}

const META_SCHEMA_URL = new URL('../../../schemas/meta.schema.json', import.meta.url);
let validateMeta: ValidateFunction | undefined;

function metaValidator(): ValidateFunction {
  validateMeta ??= new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(fs.readFileSync(META_SCHEMA_URL, 'utf8')));
  return validateMeta;
}

function assertMetaValid(document: unknown): asserts document is EntitySchema {
  const validate = metaValidator();
  if (validate(document)) return;
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  throw new GeneratedSchemaError(`not valid against the meta-schema: ${[...new Set(problems)].join('; ')}`);
}

function assertGeneratedShape(model: EntityModel, code: string): void {
  const names = generatedNames(code);
  if (model.table !== names.table) throw new GeneratedSchemaError(`its table must be ${names.table}`);
  if (model.scope !== 'tenant') throw new GeneratedSchemaError('a generated register keeps each tenant’s rows apart (x-scope tenant)');
  if (model.menuCode !== names.menuCode) throw new GeneratedSchemaError(`its menu must be ${names.menuCode}`);
  for (const binding of model.bindings) {
    if (!binding.url.startsWith(names.routePrefix)) throw new GeneratedSchemaError(`route ${binding.url} is outside ${names.routePrefix}`);
    if (binding.op === 'action' || binding.action) throw new GeneratedSchemaError('a generated register has no hand-written handlers');
  }
}

/** The sanitized model of a generated schema; throws GeneratedSchemaError saying what is wrong. */
export function checkGeneratedSchema(document: unknown): EntityModel {
  assertMetaValid(document);
  const code = codeOfSchemaId(document.$id);
  if (!code) throw new GeneratedSchemaError(`$id "${document.$id}" is not generated/<code>`);
  let model: EntityModel;
  try {
    model = buildEntityModel(document);
  } catch (error) {
    throw new GeneratedSchemaError((error as Error).message);
  }
  assertGeneratedShape(model, code);
  return model;
}
