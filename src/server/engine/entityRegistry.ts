/** The sanitized models of every schema in the generated registry, built once per process. */
import { entitySchemas } from '../../shared/generated/schemaRegistry.js';
import { buildEntityModel, type EntityModel } from './entityModel.js';

let models: EntityModel[] | undefined;

export function entityModels(): EntityModel[] {
  models ??= entitySchemas.map(buildEntityModel);
  return models;
}

export function entityModel(id: string): EntityModel {
  const model = entityModels().find((m) => m.id === id);
  if (!model) throw new Error(`No entity schema ${id}`);
  return model;
}
