/** The sanitized models of every schema under schemas/ (read, resolved and validated by schemaFiles.ts), built once per process. */
import type { EntitySchema } from '../../shared/entitySchema.js';
import type { EntityModel } from './entityModel.js';
import { loadSchemaFiles } from './schemaFiles.js';

let models: EntityModel[] | undefined;

export function entityModels(): EntityModel[] {
  models ??= loadSchemaFiles().map((file) => file.model);
  return models;
}

export function entityModel(id: string): EntityModel {
  const model = entityModels().find((m) => m.id === id);
  if (!model) throw new Error(`No entity schema ${id}`);
  return model;
}

/** Every schema under schemas/ as resolved (templates merged), in file order. */
export function entitySchemas(): EntitySchema[] {
  return entityModels().map((model) => model.schema);
}
